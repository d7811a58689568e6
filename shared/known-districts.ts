/**
 * The 18 fixed administrative regions (docs/product.md#regions-and-districts), north to south, and their real
 * districts.
 *
 * Districts are the official pre-1991 districts of each region plus a few widely used later ones
 * (marked below). Names use common English spellings. Codes are the region's ISO 3166-2:SO
 * subdivision code (without the 'SO-' prefix) + '-' + three letters, unique across all regions.
 * population stays null: no district figure is stored here unless it comes from a published source.
 * See seed/data/SOURCES.md. Shared because the admin district form offers these names.
 */
import type { DistrictRegion } from './regions';

export interface KnownDistrict {
  name: string;
  code: string;
  population: number | null;
}

export const KNOWN_DISTRICTS: Record<DistrictRegion, readonly KnownDistrict[]> = {
  Awdal: [
    { name: 'Borama', code: 'AW-BOR', population: null },
    { name: 'Baki', code: 'AW-BAK', population: null },
    { name: 'Lughaya', code: 'AW-LUG', population: null },
    { name: 'Zeila', code: 'AW-ZEI', population: null },
  ],
  'Woqooyi Galbeed': [
    { name: 'Hargeisa', code: 'WO-HAR', population: null },
    { name: 'Berbera', code: 'WO-BER', population: null },
    { name: 'Gabiley', code: 'WO-GAB', population: null },
  ],
  Togdheer: [
    { name: 'Burao', code: 'TO-BUR', population: null },
    { name: 'Buhodle', code: 'TO-BUH', population: null },
    { name: 'Oodweyne', code: 'TO-OOD', population: null },
    { name: 'Sheikh', code: 'TO-SHE', population: null },
  ],
  Sool: [
    { name: 'Las Anod', code: 'SO-LAS', population: null },
    { name: 'Aynabo', code: 'SO-AYN', population: null },
    { name: 'Taleh', code: 'SO-TAL', population: null },
    { name: 'Hudun', code: 'SO-HUD', population: null },
  ],
  Sanaag: [
    { name: 'Erigavo', code: 'SA-ERI', population: null },
    { name: 'Badhan', code: 'SA-BAD', population: null },
    { name: 'El Afweyn', code: 'SA-ELA', population: null },
    { name: 'Dhahar', code: 'SA-DHA', population: null },
    // Widely used (not one of the pre-1991 districts).
    { name: 'Las Qoray', code: 'SA-LAQ', population: null },
  ],
  Bari: [
    { name: 'Bosaso', code: 'BR-BOS', population: null },
    { name: 'Qardho', code: 'BR-QAR', population: null },
    { name: 'Iskushuban', code: 'BR-ISK', population: null },
    { name: 'Qandala', code: 'BR-QAN', population: null },
    { name: 'Alula', code: 'BR-ALU', population: null },
    { name: 'Bandarbeyla', code: 'BR-BAN', population: null },
  ],
  Nugaal: [
    { name: 'Garowe', code: 'NU-GAR', population: null },
    { name: 'Eyl', code: 'NU-EYL', population: null },
    { name: 'Burtinle', code: 'NU-BUR', population: null },
    // Widely used (not one of the pre-1991 districts).
    { name: 'Dangorayo', code: 'NU-DAN', population: null },
  ],
  Mudug: [
    { name: 'Galkayo', code: 'MU-GAL', population: null },
    { name: 'Galdogob', code: 'MU-GDO', population: null },
    { name: 'Jariban', code: 'MU-JAR', population: null },
    { name: 'Hobyo', code: 'MU-HOB', population: null },
    { name: 'Harardhere', code: 'MU-HAR', population: null },
  ],
  Galgaduud: [
    { name: 'Dhusamareb', code: 'GA-DHU', population: null },
    { name: 'Adado', code: 'GA-ADA', population: null },
    { name: 'Abudwak', code: 'GA-ABU', population: null },
    { name: 'El Bur', code: 'GA-ELB', population: null },
    { name: 'El Dher', code: 'GA-ELD', population: null },
    // Widely used (not one of the pre-1991 districts).
    { name: 'Guriel', code: 'GA-GUR', population: null },
  ],
  Hiraan: [
    { name: 'Beledweyne', code: 'HI-BEL', population: null },
    { name: 'Bulo Burde', code: 'HI-BUL', population: null },
    { name: 'Jalalaqsi', code: 'HI-JAL', population: null },
    // Widely used (not one of the pre-1991 districts).
    { name: 'Mataban', code: 'HI-MAT', population: null },
  ],
  'Middle Shabelle': [
    { name: 'Jowhar', code: 'SD-JOW', population: null },
    { name: 'Balcad', code: 'SD-BAL', population: null },
    { name: 'Adale', code: 'SD-ADA', population: null },
    { name: 'Aden Yabal', code: 'SD-ADY', population: null },
    { name: 'Mahaday', code: 'SD-MAH', population: null },
  ],
  // The 17 districts named by the Benadir Regional Administration (Dharkenley as listed on Wikipedia's
  // Banaadir article; Kahda formed in 2013).
  Banadir: [
    { name: 'Abdiaziz', code: 'BN-ABD', population: null },
    { name: 'Bondhere', code: 'BN-BON', population: null },
    { name: 'Daynile', code: 'BN-DAY', population: null },
    { name: 'Dharkenley', code: 'BN-DHA', population: null },
    { name: 'Hamar Jajab', code: 'BN-HJA', population: null },
    { name: 'Hamar Weyne', code: 'BN-HWE', population: null },
    { name: 'Hawl Wadag', code: 'BN-HAW', population: null },
    { name: 'Heliwa', code: 'BN-HEL', population: null },
    { name: 'Hodan', code: 'BN-HOD', population: null },
    { name: 'Kahda', code: 'BN-KAH', population: null },
    { name: 'Karan', code: 'BN-KAR', population: null },
    { name: 'Shangani', code: 'BN-SHA', population: null },
    { name: 'Shibis', code: 'BN-SHI', population: null },
    { name: 'Waberi', code: 'BN-WAB', population: null },
    { name: 'Wadajir', code: 'BN-WAD', population: null },
    { name: 'Warta Nabada', code: 'BN-WAR', population: null },
    { name: 'Yaqshid', code: 'BN-YAQ', population: null },
  ],
  'Lower Shabelle': [
    { name: 'Merca', code: 'SH-MER', population: null },
    { name: 'Afgooye', code: 'SH-AFG', population: null },
    { name: 'Barawe', code: 'SH-BAR', population: null },
    { name: 'Kurtunwarey', code: 'SH-KUR', population: null },
    { name: 'Qoryoley', code: 'SH-QOR', population: null },
    { name: 'Sablale', code: 'SH-SAB', population: null },
    { name: 'Wanlaweyn', code: 'SH-WAN', population: null },
  ],
  Bay: [
    { name: 'Baidoa', code: 'BY-BAI', population: null },
    { name: 'Burhakaba', code: 'BY-BUR', population: null },
    { name: 'Dinsoor', code: 'BY-DIN', population: null },
    { name: 'Qansahdhere', code: 'BY-QAN', population: null },
  ],
  Bakool: [
    { name: 'Hudur', code: 'BK-HUD', population: null },
    { name: 'El Barde', code: 'BK-ELB', population: null },
    { name: 'Rabdhure', code: 'BK-RAB', population: null },
    { name: 'Tiyeglow', code: 'BK-TIY', population: null },
    { name: 'Wajid', code: 'BK-WAJ', population: null },
  ],
  Gedo: [
    { name: 'Garbaharey', code: 'GE-GAR', population: null },
    { name: 'Bardera', code: 'GE-BAR', population: null },
    { name: 'Beled Hawo', code: 'GE-BEL', population: null },
    { name: 'Dolow', code: 'GE-DOL', population: null },
    { name: 'El Wak', code: 'GE-ELW', population: null },
    { name: 'Luuq', code: 'GE-LUU', population: null },
  ],
  'Middle Juba': [
    { name: "Bu'ale", code: 'JD-BUA', population: null },
    { name: 'Jilib', code: 'JD-JIL', population: null },
    { name: 'Sakow', code: 'JD-SAK', population: null },
  ],
  'Lower Juba': [
    { name: 'Kismayo', code: 'JH-KIS', population: null },
    { name: 'Afmadow', code: 'JH-AFM', population: null },
    { name: 'Badhadhe', code: 'JH-BAD', population: null },
    { name: 'Jamame', code: 'JH-JAM', population: null },
  ],
};
