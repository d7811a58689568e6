import enAdmin from '@client/i18n/locales/en/admin.json';
import enAuth from '@client/i18n/locales/en/auth.json';
import enStaff from '@client/i18n/locales/en/staff.json';
import soAdmin from '@client/i18n/locales/so/admin.json';
import soAuth from '@client/i18n/locales/so/auth.json';
import soStaff from '@client/i18n/locales/so/staff.json';
import enMail from '@server/mail/locales/en.json';
import soMail from '@server/mail/locales/so.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmAsSecondAdmin, toast } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi, waitForPath } from './helpers/auth';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { expectNoEnglish } from './helpers/somali';
import { setupE2E } from './helpers/suite';

const { openPage, server } = setupE2E({
  ownServer: {
    because: 'the invitation link is read from its info-level log (no SMTP)',
    env: { LOG_LEVEL: 'info' },
  },
});

const TEXTS = {
  en: { admin: enAdmin, auth: enAuth, staff: enStaff, mail: enMail },
  so: { admin: soAdmin, auth: soAuth, staff: soStaff, mail: soMail },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Nothing wider than the screen on a phone; the page's own column never scrolls sideways. */
async function fits(page: Page, phone: boolean) {
  expect(
    await page.getByRole('main').evaluate((main) => main.scrollWidth - main.clientWidth),
  ).toBeLessThanOrEqual(0);
  if (phone) expect(await horizontalOverflow(page)).toBe(0);
}

describe.each([
  ['so', 'phone'],
  ['en', 'desktop'],
] as const)('a staff member by invitation (%s, %s)', (language, viewport) => {
  const text = TEXTS[language];
  const phone = viewport === 'phone';

  it('one admin invites, a second confirms, the invitee chooses a password and reaches the staff console', async () => {
    const stamp = Date.now().toString(36);
    const name = `Invited ${language} ${stamp}`;
    const email = `invited.${language}.${stamp}@test.codka.example`;
    const invitations = text.admin.invitations;

    // The first System Admin asks, in the Invitations section of the users page.
    const { page } = await openPage(viewport, { language });
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    await visit(page, '/admin/users');
    const section = page.getByRole('region', { name: invitations.title });
    await section.getByRole('button', { name: invitations.invite }).click();
    const form = page.getByRole('form', { name: invitations.invite });
    await form.getByText(invitations.twoAdmins).waitFor();
    await form.getByRole('textbox', { name: invitations.email }).fill(email);
    await form.getByRole('textbox', { name: text.admin.users.name }).fill(name);
    await form.getByRole('button', { name: invitations.send }).click();
    await toast(page, invitations.requested).waitFor();
    await section.getByText(name).first().waitFor();
    await section.getByText(invitations.awaitingApproval).first().waitFor();
    await fits(page, phone);
    expect(await axeViolations(page)).toEqual([]);
    if (language === 'so')
      await expectNoEnglish(page, ['Invitations', 'Invite staff', 'Waiting for a second']);

    // Nothing was sent before the second System Admin confirms it.
    expect(server().output()).not.toContain(`email to ${email}`);
    await confirmAsSecondAdmin(openPage, name);
    const subject = fill(text.mail.staffInvitation.subject, { role: text.auth.invitation.roleRegistrar });
    // The message, in the chosen language (the form starts in the admin's), as the log shows it without SMTP.
    const [line, link] = await server().waitForOutput(
      new RegExp(
        `"to":"${escaped(email)}"[^\\n]*staff-invitation\\?token=([a-z2-9]{24}\\.[a-z2-9]{24})[^\\n]*`,
      ),
    );
    expect(line).toContain(subject);

    // The list shows it pending, with both admins.
    await visit(page, '/admin/users');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText(invitations.status.pending).waitFor();
    await fits(page, phone);

    // The invitee opens the link, chooses a password, and is a Registrar.
    const invitee = await openPage(viewport, { language });
    await visit(invitee.page, `/staff-invitation?token=${link}`);
    await invitee.page.getByRole('heading', { name: text.auth.invitation.title, level: 1 }).waitFor();
    await invitee.page.waitForURL((url) => url.search === '');
    const accept = invitee.page.getByRole('form', { name: text.auth.invitation.create });
    await accept
      .getByRole('textbox', { name: text.auth.fields.newPassword, exact: true })
      .fill(`invited-secret-${stamp}`);
    await accept
      .getByRole('textbox', { name: text.auth.fields.confirmNewPassword, exact: true })
      .fill(`invited-secret-${stamp}`);
    await fits(invitee.page, phone);
    expect(await axeViolations(invitee.page)).toEqual([]);
    await accept.getByRole('button', { name: text.auth.invitation.create }).click();
    await invitee.page
      .getByText(fill(text.auth.invitation.acceptedBody, { role: text.auth.invitation.roleRegistrar }))
      .waitFor();
    await fits(invitee.page, phone);
    expect(await axeViolations(invitee.page)).toEqual([]);
    if (language === 'so') await expectNoEnglish(invitee.page, ['Join Codka', 'Welcome to', 'staff console']);
    await invitee.page.getByRole('link', { name: text.auth.invitation.openConsole }).click();
    await waitForPath(invitee.page, '/staff/enroll');
    await invitee.page.getByRole('heading', { name: text.staff.enroll.title, level: 1 }).waitFor();

    // The admin's list: accepted.
    await visit(page, '/admin/users');
    await page.getByRole('row').filter({ hasText: email }).getByText(invitations.status.accepted).waitFor();
  });
});
