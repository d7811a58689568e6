import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** What the fake parliament site answers for one path. */
export type SourceRoute =
  | { body: Buffer | string; type?: string; status?: number; delayMs?: number; chunked?: boolean }
  | { redirect: string; status?: number };

export interface PhotoSourceServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Every path requested, in order. */
  requests: string[];
  /** Replaces or adds routes while the server runs. */
  set(routes: Record<string, SourceRoute>): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the parliament's website on 127.0.0.1: listing pages and images from a route table.
 * Unknown paths answer 404.
 */
export async function startPhotoSource(routes: Record<string, SourceRoute> = {}): Promise<PhotoSourceServer> {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    requests.push(path);
    const route = table.get(path);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if ('redirect' in route) {
      response.writeHead(route.status ?? 302, { location: route.redirect }).end();
      return;
    }
    const send = () => {
      const body = typeof route.body === 'string' ? Buffer.from(route.body) : route.body;
      const headers: Record<string, string> = { 'content-type': route.type ?? 'text/html; charset=utf-8' };
      if (!route.chunked) headers['content-length'] = String(body.length);
      response.writeHead(route.status ?? 200, headers);
      response.end(body);
    };
    if (!route.delayMs) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!response.destroyed) send();
    }, route.delayMs);
    timers.add(timer);
  };
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    set(more) {
      for (const [path, route] of Object.entries(more)) table.set(path, route);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

/** A listing page as a WordPress theme renders one: a header logo, member cards, pagination. */
export function listingPage(members: Array<{ name: string; image: string }>, nextPage?: string): string {
  const cards = members
    .map(
      (member) =>
        `<div class="team-member"><a href="/member/"><img src="${escapeHtml(member.image)}" alt="" loading="lazy"></a>` +
        `<h3 class="member-name">${escapeHtml(member.name)}</h3><p>Member of Parliament</p></div>`,
    )
    .join('\n');
  const next = nextPage
    ? `<nav class="pagination"><a class="next page-numbers" href="${nextPage}">Next »</a></nav>`
    : '';
  return (
    '<!doctype html><html><head><meta charset="utf-8"><title>Members</title></head><body>' +
    '<header><img src="/logo.png" alt="Federal Parliament of Somalia"></header>' +
    `<main><div class="members-grid">${cards}</div>${next}</main>` +
    '<footer><img src="/flag.png" alt="Flag"></footer></body></html>'
  );
}

/** A small JPEG portrait in one colour; different hues give different files (and content hashes). */
export function portrait(hue: number, size = 240): Promise<Buffer> {
  const r = Math.round(128 + 100 * Math.sin(hue));
  const g = Math.round(128 + 100 * Math.sin(hue + 2));
  const b = Math.round(128 + 100 * Math.sin(hue + 4));
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${Math.round(size * 1.25)}">` +
      `<rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>` +
      `<circle cx="50%" cy="40%" r="${size / 4}" fill="rgb(${b},${r},${g})"/>` +
      `<rect x="15%" y="70%" width="70%" height="40%" rx="${size / 6}" fill="rgb(${g},${b},${r})"/></svg>`,
  );
  return sharp(svg).jpeg({ quality: 85 }).toBuffer();
}
