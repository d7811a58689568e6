import { englishMessage } from '@server/errors/texts';
import { pollCandidateInput, pollCreateInput, pollFormSchema } from '@shared/schemas/polls';
import { describe, expect, it } from 'vitest';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => englishMessage(issue.message)) ?? [];

describe('poll schemas', () => {
  it("answers an empty Create Poll form with the form's message", () => {
    const result = pollFormSchema.safeParse({ title: ' ', monthYear: '', opensAt: '', closesAt: '' });
    expect(result.success).toBe(false);
    expect(messages(result)[0]).toBe('Please fill in all required fields');
  });

  it('takes the Create Poll title in either language, and asks for it when both are empty', () => {
    const window = { monthYear: '2026-11', opensAt: '2026-11-01T00:00', closesAt: '2026-11-30T23:59' };
    expect(pollFormSchema.parse({ ...window, title: '', titleSo: "Ra'yiga Nofembar" })).toMatchObject({
      title: '',
      titleSo: "Ra'yiga Nofembar",
    });
    const neither = pollFormSchema.safeParse({ ...window, title: ' ', titleSo: '' });
    expect(neither.error?.issues.map((issue) => [issue.path, englishMessage(issue.message)])).toEqual([
      [['title'], 'Please fill in all required fields'],
    ]);
  });

  it('wants the poll to close after it opens', () => {
    const result = pollFormSchema.safeParse({
      title: 'November',
      monthYear: '2026-11',
      opensAt: '2026-11-30T00:00',
      closesAt: '2026-11-01T00:00',
    });
    expect(messages(result)).toEqual(['The poll must close after it opens.']);
  });

  it('lets the admin dialog leave everything out (the server fills in the defaults)', () => {
    expect(pollCreateInput.parse({ title: '', monthYear: '' })).toEqual({
      // Left empty, the title is written when read, in the reader's language (docs/decisions/021-bilingual-content.md).
      title: '',
      titleSo: '',
      electionType: 'presidential',
      // Who can vote: a confirmed e-mail address unless the admin chooses otherwise (docs/product.md#eligibility).
      eligibility: 'verifiedContact',
    });
  });

  it('stores empty optional candidate fields as null and defaults the colour', () => {
    expect(
      pollCandidateInput.parse({
        pollId: '00000000-0000-4000-8000-000000000000',
        name: ' Ayaan ',
        party: '',
        photoUrl: '',
        colorHex: '',
      }),
    ).toEqual({
      pollId: '00000000-0000-4000-8000-000000000000',
      name: 'Ayaan',
      party: null,
      partySo: null,
      photoUrl: null,
      colorHex: '#3B82F6',
    });
    expect(
      messages(pollCandidateInput.safeParse({ pollId: crypto.randomUUID(), name: 'A', photoUrl: 'ftp://x' })),
    ).toEqual(['Photo URL must be a web address (https://...) or a path on this site']);
  });
});
