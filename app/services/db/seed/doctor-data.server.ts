import zipcodes from "zipcodes";
import type { ClinicFields } from "~/models/doctor-search";

/**
 * The demo directory of eye doctors: clinics at real city/ZIP combinations (with the ZIP-code dataset's
 * coordinates) in every state and DC, and invented doctors and clinic names. Deterministic: the same lists give
 * the same rows, with `seedKey`s that stay put across runs, so the seed upserts instead of duplicating.
 *
 * Phone numbers are fictional: each state's area code with 555-0100 to 555-0199, the range set aside for fiction.
 */

export interface SeedDoctor {
  seedKey: string;
  firstName: string;
  lastName: string;
  /** 10 digits. */
  phone: string;
  canUseForPassiveVerification: boolean;
}

export interface SeedClinic extends ClinicFields {
  seedKey: string;
  latitude: number;
  longitude: number;
  doctors: SeedDoctor[];
}

/** Per state: an area code for the fictional numbers and real ZIP codes (downtowns of its larger cities). */
const CLINIC_ZIPS: ReadonlyArray<{ state: string; areaCode: string; zips: string }> = [
  { state: "AL", areaCode: "205", zips: "35203 36104 36602 35801" },
  { state: "AK", areaCode: "907", zips: "99501 99701 99801" },
  { state: "AZ", areaCode: "602", zips: "85004 85701 86001 85281" },
  { state: "AR", areaCode: "501", zips: "72201 72701 72401" },
  { state: "CA", areaCode: "415", zips: "94103 90012 92101 95814 95113 93721" },
  { state: "CO", areaCode: "303", zips: "80202 80903 80302" },
  { state: "CT", areaCode: "860", zips: "06103 06510 06901" },
  { state: "DE", areaCode: "302", zips: "19801 19901 19711" },
  { state: "DC", areaCode: "202", zips: "20001 20009 20036" },
  { state: "FL", areaCode: "305", zips: "33131 32801 33602 32202 32301" },
  { state: "GA", areaCode: "404", zips: "30303 31401 30601" },
  { state: "HI", areaCode: "808", zips: "96813 96720 96793" },
  { state: "ID", areaCode: "208", zips: "83702 83704 83706 83642 83651 83201 83814 83402" },
  { state: "IL", areaCode: "312", zips: "60601 60614 62701 61602" },
  { state: "IN", areaCode: "317", zips: "46204 46802 47401" },
  { state: "IA", areaCode: "515", zips: "50309 52401 52240" },
  { state: "KS", areaCode: "316", zips: "67202 66603 66044" },
  { state: "KY", areaCode: "502", zips: "40202 40507 42101" },
  { state: "LA", areaCode: "504", zips: "70112 70801 71101" },
  { state: "ME", areaCode: "207", zips: "04101 04401 04330" },
  { state: "MD", areaCode: "410", zips: "21202 21401 20850" },
  { state: "MA", areaCode: "617", zips: "02108 01608 01103" },
  { state: "MI", areaCode: "313", zips: "48226 49503 48104" },
  { state: "MN", areaCode: "612", zips: "55401 55101 55902" },
  { state: "MS", areaCode: "601", zips: "39201 39501 38655" },
  { state: "MO", areaCode: "314", zips: "63101 64106 65806" },
  { state: "MT", areaCode: "406", zips: "59101 59801 59601" },
  { state: "NE", areaCode: "402", zips: "68102 68508 68801" },
  { state: "NV", areaCode: "702", zips: "89101 89501 89701" },
  { state: "NH", areaCode: "603", zips: "03101 03301 03801" },
  { state: "NJ", areaCode: "201", zips: "07102 08608 07302" },
  { state: "NM", areaCode: "505", zips: "87102 87501 88001" },
  { state: "NY", areaCode: "212", zips: "10001 10013 14202 12207 14604" },
  { state: "NC", areaCode: "704", zips: "28202 27601 27701" },
  { state: "ND", areaCode: "701", zips: "58102 58501 58201" },
  { state: "OH", areaCode: "614", zips: "43215 44114 45202" },
  { state: "OK", areaCode: "405", zips: "73102 74103 73069" },
  { state: "OR", areaCode: "503", zips: "97204 97401 97301" },
  { state: "PA", areaCode: "215", zips: "19103 15222 17101" },
  { state: "RI", areaCode: "401", zips: "02903 02840 02886" },
  { state: "SC", areaCode: "803", zips: "29201 29401 29601" },
  { state: "SD", areaCode: "605", zips: "57104 57701 57501" },
  { state: "TN", areaCode: "615", zips: "37203 38103 37902" },
  { state: "TX", areaCode: "512", zips: "78701 77002 75201 78205 79901" },
  { state: "UT", areaCode: "801", zips: "84101 84601 84401" },
  { state: "VT", areaCode: "802", zips: "05401 05602 05701" },
  { state: "VA", areaCode: "804", zips: "23219 23510 22314" },
  { state: "WA", areaCode: "206", zips: "98101 99201 98402" },
  { state: "WV", areaCode: "304", zips: "25301 26505 25701" },
  { state: "WI", areaCode: "414", zips: "53202 53703 54301" },
  { state: "WY", areaCode: "307", zips: "82001 82601 83001" },
];

// Invented names. The list lengths are coprime (41 first names, 53 last names), so walking both with different
// steps gives hundreds of distinct full names.
// prettier-ignore
const FIRST_NAMES = [
  "Maya", "Daniel", "Priya", "Marcus", "Elena", "Samuel", "Aisha", "Jonah", "Rosa", "Theo",
  "Naomi", "Victor", "Grace", "Mateo", "Hannah", "Omar", "Leah", "Julian", "Ingrid", "Caleb",
  "Sofia", "Rafael", "Mei", "Elliot", "Amara", "Tobias", "Clara", "Dev", "Yara", "Felix",
  "Lucia", "Malik", "Nora", "Henrik", "Zara", "Isaac", "Camila", "Rohan", "Hazel", "Andre",
  "Beatrix",
];
// prettier-ignore
const LAST_NAMES = [
  "Okafor", "Lindqvist", "Ramanathan", "Delacroix", "Whitfield", "Nakamura", "Abernathy", "Castellano",
  "Oyelaran", "Brightwater", "Kowalczyk", "Haverford", "Mendez-Ruiz", "Thornbury", "Achterberg", "Fairweather",
  "Ilunga", "Marchetti", "Pemberton", "Sandoval", "Halloran", "Vasquez-Lee", "Ostrowski", "Quillfeather",
  "Adeyemi", "Bergstrom", "Calloway", "Drummond", "Eskildsen", "Farrow", "Galloway", "Hartigan",
  "Iwasaki", "Jaramillo", "Kettering", "Lockwood", "Montague", "Nwachukwu", "Ortega", "Pryce",
  "Rasmussen", "Sterling", "Tanaka-Hill", "Underwood", "Valdivia", "Wexford", "Yilmaz", "Zeller",
  "Ashcombe", "Blackwood", "Corrigan", "Duvall", "Ellsworth",
];
// 31 prefixes by 8 kinds of practice.
// prettier-ignore
const CLINIC_PREFIXES = [
  "Clearview", "Bright Horizons", "Lakeside", "Summit", "Northstar", "Riverbend", "Cedar Grove", "Harborlight",
  "Sunrise", "Pinecrest", "Silver Lake", "Blue Heron", "Meadowbrook", "Crystal Creek", "Evergreen", "Keystone",
  "Golden Valley", "Willow Park", "Foxglove", "Starling", "Maple Ridge", "Juniper", "Copperfield", "Oak Hollow",
  "Beacon", "Prairie Sky", "Tidewater", "Highland", "Aspen Trail", "Lantern", "Windward",
];
const CLINIC_KINDS = [
  "Eye Care",
  "Vision Center",
  "Optometry",
  "Eye Associates",
  "Family Eye Clinic",
  "Eye & Contact Lens Center",
  "Vision Clinic",
  "EyeWorks",
];
// prettier-ignore
const STREETS = [
  "Main St", "Oak Ave", "Elm St", "Park Blvd", "Washington Ave", "Lincoln Way", "Maple Dr", "Cedar St",
  "Market St", "Broadway", "Lake Rd", "Hillside Ave", "River Rd", "Center St", "Grand Ave", "Church St",
  "Pine St", "Sunset Blvd", "Highland Ave", "Jefferson St", "Franklin St", "Mill Rd", "Court St",
];
const SUITES = ["", "Suite 100", "", "Suite 210", "", "Ste 3B", "Unit 4", ""];

/** 555-01xx: the fictional range. */
function fictionalPhone(areaCode: string, serial: number): string {
  if (serial > 99) throw new Error(`too many phone numbers for area code ${areaCode}`);
  return `${areaCode}5550${100 + serial}`;
}

function generateClinics(): SeedClinic[] {
  const clinics: SeedClinic[] = [];
  let doctorOrdinal = 0;
  for (const { state, areaCode, zips } of CLINIC_ZIPS) {
    let phoneSerial = 0;
    for (const zip of zips.split(" ")) {
      const place = zipcodes.lookup(zip);
      // A ZIP missing from the dataset, or one it has no coordinates for, is left out.
      if (!place || place.latitude === 0 || place.state !== state) continue;
      const ordinal = clinics.length;
      const clinicKey = `clinic:${zip}`;
      const doctorCount = 1 + ((ordinal * 5 + 1) % 3);
      const doctors: SeedDoctor[] = [];
      const clinicPhone = fictionalPhone(areaCode, phoneSerial++);
      for (let index = 0; index < doctorCount; index++) {
        const n = doctorOrdinal++;
        doctors.push({
          seedKey: `doctor:${zip}:${index + 1}`,
          firstName: FIRST_NAMES[n % FIRST_NAMES.length]!,
          lastName: LAST_NAMES[(n * 7 + 3) % LAST_NAMES.length]!,
          phone: fictionalPhone(areaCode, phoneSerial++),
          // A few doctors cannot be used to verify a prescription passively.
          canUseForPassiveVerification: n % 9 !== 4,
        });
      }
      clinics.push({
        seedKey: clinicKey,
        name: `${CLINIC_PREFIXES[ordinal % CLINIC_PREFIXES.length]} ${CLINIC_KINDS[(ordinal * 3) % CLINIC_KINDS.length]}`,
        phone: clinicPhone,
        address1: `${100 + ((ordinal * 347) % 8900)} ${STREETS[(ordinal * 5) % STREETS.length]}`,
        address2: SUITES[ordinal % SUITES.length]!,
        city: place.city,
        state,
        postalCode: zip,
        latitude: place.latitude,
        longitude: place.longitude,
        doctors,
      });
    }
  }
  return clinics;
}

export const seedClinics: readonly SeedClinic[] = generateClinics();
