import { parseListingPage } from '@server/jobs/photo-refresh/listing';
import { fetchLimited, isInternalAddress } from '@server/net/fetch-limited';
import { describe, expect, it } from 'vitest';

const page = (html: string) => parseListingPage(Buffer.from(html), 'https://www.parliament.gov.so/members/');

describe('parseListingPage', () => {
  it('reads each card’s name and photo, resolving addresses against the page', async () => {
    const listing = await page(`
      <header><img src="/logo.png" alt="Parliament"></header>
      <ul class="grid">
        <li><img src="/wp-content/uploads/amina.jpg"><span class="mp-name"> Hon. Amina
          Warsame </span></li>
        <li><figure><img data-src="https://www.parliament.gov.so/a/ahmed.jpg" src="data:image/gif;base64,R0lGOD"><figcaption>Ahmed Nur</figcaption></figure></li>
        <li><img srcset="/b/sahra-300.jpg 300w, /b/sahra-600.jpg 600w" alt="Sahra Hassan"></li>
        <li><img src="/c/site-logo.png" alt="Emblem"></li>
        <li><img src="/c/x.jpg"></li>
      </ul>
      <div class="pagination"><a href="?start=20" title="Next" class="pagenav">Next</a></div>`);
    expect(listing.members.map(({ name, imageUrl }) => ({ name, imageUrl }))).toEqual([
      { name: 'Hon. Amina Warsame', imageUrl: 'https://www.parliament.gov.so/wp-content/uploads/amina.jpg' },
      { name: 'Ahmed Nur', imageUrl: 'https://www.parliament.gov.so/a/ahmed.jpg' },
      { name: 'Sahra Hassan', imageUrl: 'https://www.parliament.gov.so/b/sahra-300.jpg' },
    ]);
    expect(listing.nextPageUrl).toBe('https://www.parliament.gov.so/members/?start=20');
  });

  it('does not give every card the first card’s name when cards have no name of their own', async () => {
    const listing = await page(
      `<section><h2>Our Members</h2><div><img src="/1.jpg"></div><div><img src="/2.jpg"></div></section>`,
    );
    expect(listing.members).toEqual([]);
    expect(listing.nextPageUrl).toBeNull();
  });
});

describe('fetchLimited', () => {
  it('knows which addresses belong to this machine or its private network', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['41.78.72.10', '8.8.8.8', '2001:4860:4860::8888']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses hosts outside its policy before connecting', async () => {
    const policy = { timeoutMs: 1000, maxBytes: 1000 };
    await expect(
      fetchLimited('http://169.254.169.254/latest/meta-data/', { ...policy, publicAddressesOnly: true }),
    ).rejects.toThrow('169.254.169.254 is an internal address, which is not allowed.');
    await expect(
      fetchLimited('http://[::1]:8080/', { ...policy, publicAddressesOnly: true }),
    ).rejects.toThrow('internal address');
    await expect(
      fetchLimited('http://localhost:1/', { ...policy, publicAddressesOnly: true }),
    ).rejects.toThrow('localhost resolves to an internal address, which is not allowed.');
    await expect(
      fetchLimited('https://evil.example/a.jpg', {
        ...policy,
        allowedHosts: new Set(['www.parliament.gov.so']),
      }),
    ).rejects.toThrow('evil.example is not one of the configured photo sources.');
    await expect(
      fetchLimited('file:///etc/passwd', { ...policy, publicAddressesOnly: true }),
    ).rejects.toThrow('is not an http(s) address');
    await expect(
      fetchLimited('http://user:pw@example.org/', { ...policy, publicAddressesOnly: true }),
    ).rejects.toThrow('Addresses with credentials are not allowed.');
  });
});
