import { messageText } from '@server/errors/texts';
import { publicMessageRef } from '@server/trpc/errors';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { auditRows, expectTrpcError, unlockedAdmin } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';

const HOURS = [
  { day: 6, opens: '08:00', closes: '16:00' },
  { day: 4, opens: '08:00', closes: '12:00' },
  { day: 0, opens: '08:00', closes: '16:00' },
] as const;

const CENTRE = {
  name: 'Hodan Centre',
  nameSo: 'Xarunta Hodan',
  code: 'RC-H1',
  openingHours: [...HOURS],
  hoursNote: 'Closed on public holidays',
  hoursNoteSo: 'Waa xiran tahay fasaxyada dowladda',
  phone: '061 5123456',
  email: 'Hodan@Example.SO',
};

/** The refusal's field and its sentence in English and in Somali, as a form and a client are told. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  expect(trpcError.code).toBe('BAD_REQUEST');
  const ref = publicMessageRef(trpcError);
  const cause = trpcError.cause as { issues?: { path: PropertyKey[] }[] } | undefined;
  return {
    field: cause?.issues?.[0]?.path.join('.'),
    en: messageText(ref, 'en'),
    so: messageText(ref, 'so'),
  };
}

describe('registration centres’ opening hours and contact', () => {
  it('are set by a stepped-up System Admin only', async () => {
    const deps = createTestDeps();
    const visitor = callerFor(deps, null).caller;
    const citizen = callerFor(deps, await createUser(deps.db)).caller;
    const admin = callerFor(deps, await createAdmin(deps.db)).caller;
    const logged = auditRows(deps).length;
    await expectTrpcError(visitor.admin.centers.create(CENTRE), 'UNAUTHORIZED');
    await expectTrpcError(citizen.admin.centers.create(CENTRE), 'FORBIDDEN');
    await expectTrpcError(admin.admin.centers.create(CENTRE), 'PRECONDITION_FAILED');
    expect(auditRows(deps)).toHaveLength(logged);
  });

  it('are stored, listed for staff, shown to every reader and written in the audit log', async () => {
    const deps = createTestDeps();
    const { caller, admin } = await unlockedAdmin(deps);
    const { id } = await caller.admin.centers.create(CENTRE);
    const expected = {
      // Sunday first, whatever order they came in.
      openingHours: [HOURS[2], HOURS[1], HOURS[0]],
      hoursNote: 'Closed on public holidays',
      hoursNoteText: { en: 'Closed on public holidays', so: 'Waa xiran tahay fasaxyada dowladda' },
      phone: '+252615123456',
      email: 'hodan@example.so',
    };
    expect(await caller.admin.centers.list()).toEqual([expect.objectContaining({ id, ...expected })]);
    const visitor = callerFor(deps, null).caller;
    expect((await visitor.directory.mapSettings()).centers).toEqual([
      expect.objectContaining({ id, ...expected }),
    ]);
    const created = auditRows(deps).find((row) => row.recordId === id && row.action === 'create');
    expect(created?.actorId).toBe(admin.id);
    expect(JSON.parse(created?.newValues ?? '{}')).toMatchObject({
      openingHours: expected.openingHours,
      phone: '+252615123456',
      email: 'hodan@example.so',
    });

    // Cleared: no hours, note, phone or e-mail; the page then says nothing about them.
    await caller.admin.centers.update({ id, name: 'Hodan Centre', code: 'RC-H1' });
    expect((await visitor.directory.mapSettings()).centers).toEqual([
      expect.objectContaining({
        id,
        openingHours: [],
        hoursNote: null,
        hoursNoteText: { en: null, so: null },
        phone: null,
        email: null,
      }),
    ]);
    const updated = auditRows(deps).find((row) => row.recordId === id && row.action === 'update');
    expect(JSON.parse(updated?.oldValues ?? '{}')).toMatchObject({ phone: '+252615123456' });
    expect(JSON.parse(updated?.newValues ?? '{}')).toMatchObject({ openingHours: [], phone: null });
  });

  it('refuses each bad field with its own sentence, in English and in Somali, and stores nothing', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const logged = auditRows(deps).length;
    const create = (fields: object) => caller.admin.centers.create({ ...CENTRE, ...fields });
    expect(await refusal(create({ openingHours: [{ day: 6, opens: '8 am', closes: '16:00' }] }))).toEqual({
      field: 'openingHours.0.opens',
      en: 'Opening time must be a time such as 08:00',
      so: 'Waqtiga furitaanka waa inuu noqdaa waqti sida 08:00',
    });
    expect(await refusal(create({ openingHours: [{ day: 6, opens: '08:00', closes: '25:00' }] }))).toEqual({
      field: 'openingHours.0.closes',
      en: 'Closing time must be a time such as 08:00',
      so: 'Waqtiga xiritaanka waa inuu noqdaa waqti sida 08:00',
    });
    expect(await refusal(create({ openingHours: [{ day: 6, opens: '16:00', closes: '08:00' }] }))).toEqual({
      field: 'openingHours.0.closes',
      en: 'The closing time must be after the opening time',
      so: 'Waqtiga xiritaanku waa inuu ka dambeeyaa waqtiga furitaanka',
    });
    expect(
      await refusal(
        create({
          openingHours: [
            { day: 6, opens: '08:00', closes: '12:00' },
            { day: 6, opens: '14:00', closes: '16:00' },
          ],
        }),
      ),
    ).toEqual({
      field: 'openingHours.1.day',
      en: "Give each day's hours once",
      so: 'Maalin kasta saacadaheeda hal mar qor',
    });
    expect(await refusal(create({ openingHours: [{ day: 7, opens: '08:00', closes: '12:00' }] }))).toEqual({
      field: 'openingHours.0.day',
      en: 'Choose a day of the week',
      so: 'Dooro maalin ka mid ah toddobaadka',
    });
    expect(await refusal(create({ phone: '0615' }))).toMatchObject({
      field: 'phone',
      en: expect.stringMatching(/^This is not a phone number\./),
      so: expect.stringMatching(/^Kani ma aha lambar taleefan\./),
    });
    expect(await refusal(create({ email: 'hodan.example.so' }))).toEqual({
      field: 'email',
      en: 'Please enter a valid email address',
      so: 'Fadlan geli cinwaan iimayl oo sax ah',
    });
    expect(await refusal(create({ hoursNoteSo: 'x'.repeat(201) }))).toEqual({
      field: 'hoursNoteSo',
      en: 'Note on the hours must be at most 200 characters',
      so: 'Faahfaahinta saacadaha waa inuu ahaadaa ugu badnaan 200 xaraf',
    });
    expect(await caller.admin.centers.list()).toEqual([]);
    expect(auditRows(deps)).toHaveLength(logged);
  });
});
