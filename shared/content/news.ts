/** A static item in the landing page's Latest Updates (SPEC §9: three items dated January 2025). */
export interface NewsItem {
  id: string;
  /** YYYY-MM-DD. */
  date: string;
  title: string;
  summary: string;
}

export const LATEST_UPDATES: readonly NewsItem[] = [
  {
    id: 'civic-education-guides',
    date: '2025-01-27',
    title: 'Civic education: how the federal elections work',
    summary:
      'New guides on this site explain the roles of the House of the People, the Senate and the federal member states, and how citizens can take part in each step of the electoral process.',
  },
  {
    id: 'electoral-commission-consultations',
    date: '2025-01-20',
    title: 'Electoral commission consultations with member states',
    summary:
      'Consultations between the electoral commission and the federal member states on the electoral calendar are continuing. Dates are published here only once they are confirmed.',
  },
  {
    id: 'voter-registration-pilot',
    date: '2025-01-13',
    title: 'Preparing for the voter registration pilot',
    summary:
      'Voter registration is to start in selected pilot districts before it is extended. Registration centres and the documents to bring will be listed here as each phase is confirmed.',
  },
];
