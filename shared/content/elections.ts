/** SPEC §3 "Static election summary"; statuses include Scheduled and Completed (SPEC §4). */
export type StaticElectionStatus = 'Scheduled' | 'Active' | 'Completed';

export interface StaticElectionSummary {
  id: string;
  title: string;
  status: StaticElectionStatus;
  /** Human dates: only as precise as the public record. */
  startDate: string;
  endDate: string;
  description: string;
}

/** The three elections listed on /voting: the last federal cycle and the next one. */
export const STATIC_ELECTIONS: readonly StaticElectionSummary[] = [
  {
    id: 'house-of-the-people-2021-2022',
    title: 'House of the People elections 2021–2022',
    status: 'Completed',
    startDate: 'November 2021',
    endDate: 'April 2022',
    description:
      'Indirect elections in which delegates chosen by clan elders elected the 275 members of the 11th Parliament, state by state. The new House elected its Speaker in April 2022.',
  },
  {
    id: 'presidential-2022',
    title: 'Presidential election 2022',
    status: 'Completed',
    startDate: '15 May 2022',
    endDate: '15 May 2022',
    description:
      'Members of the House of the People and the Senate, meeting in joint session in Mogadishu, elected the President of the Federal Republic of Somalia.',
  },
  {
    id: 'federal-2026',
    title: 'Federal elections 2026',
    status: 'Scheduled',
    startDate: 'TBD',
    endDate: 'TBD',
    description:
      'The current federal mandates end in 2026. The 2024 constitutional amendments provide for direct, one-person-one-vote elections; dates and arrangements are to be announced by the electoral commission.',
  },
];
