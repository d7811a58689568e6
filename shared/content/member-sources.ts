/**
 * Where the directory's facts about real members come from (seed/data/SOURCES.md): the publications that name
 * each one's seat, state and office. Titles stay in the language they were published in. A member or senator
 * not listed here is a placeholder seat: no public source names who holds it yet.
 */
export interface MemberSource {
  /** "Publisher: title (date)". */
  label: string;
}

/** House members by seat (HOP#012). */
export const HOUSE_MEMBER_SOURCES: Readonly<Record<string, readonly MemberSource[]>> = {
  'HOP#001': [
    { label: 'The EastAfrican: Somalia elects Speaker, deputies (30 April 2022)' },
    { label: 'Goobjoog News: Madobe returns 12 years after ouster' },
    { label: 'UNSOM: Five more elected to the House of the People in Baidoa and Jowhar (27 November 2016)' },
  ],
  'HOP#002': [
    { label: 'Somali Guardian: Somalia parliament elects first woman as deputy speaker' },
    { label: 'WIMISOM: Sa’dia Yasin, the first woman in the leadership of Somali Parliament' },
  ],
  'HOP#203': [
    { label: 'Muqdisho Online: President Hassan Sheikh nominates Hamza Abdi Barre as PM' },
    { label: 'VOA Africa: New Somali President Appoints Prime Minister' },
  ],
  'HOP#004': [
    { label: 'Radio Dalsan: Deputy PM Guleid elected MP for Somaliland (November 2021)' },
    { label: 'Axadle Times: Somalia kicks off long-awaited elections amid crisis' },
  ],
  'HOP#147': [{ label: 'Somali Dispatch: MP Mahad Salad re-elected in Dhusamareb' }],
  'HOP#034': [
    { label: 'Saafi Studio: Mogadishu: Banadiri community elect five members to Lower House' },
    { label: 'The Irish Times: Somalia’s first climate change minister (10 January 2023)' },
  ],
  'HOP#068': [{ label: 'Alena Media: Somali government spokesman Mohamed Moalimu elected MP' }],
};

/** Senators by name (their ids are the database's own). */
export const SENATOR_SOURCES: Readonly<Record<string, readonly MemberSource[]>> = {
  'Abdi Hashi Abdullahi': [
    { label: 'Somali Magazine: Abdi Hashi has been re-elected Speaker of the Upper House' },
    { label: 'The EastAfrican: Somalia elects Speaker, deputies (30 April 2022)' },
    { label: 'Somali Times: Somaliland elected six senators for Mogadishu' },
  ],
  'Ali Shaban Ibrahim': [
    { label: 'Somali Guardian: Somalia’s Senate chooses Ali Sha’ban Ibrahim as first deputy speaker' },
    { label: 'Kormeeraha: Somalia Elects Parliament Speakers Amid Controversy (29 April 2022)' },
  ],
  'Abdullahi Ali Hirsi (Timacadde)': [
    { label: 'Somaliland Sun: The Somalia Senate to be led by Senator Abdi Hashi Abdilahi' },
    { label: 'Kormeeraha: Somalia Elects Parliament Speakers Amid Controversy (29 April 2022)' },
  ],
};
