/**
 * US people, places and clinics for the fixtures. Cities carry a real ZIP code of that city and its area code
 * (checked against the `zipcodes` package the address verifier uses), so a reader that cross-checks ZIP against
 * state sees consistent data. Phone numbers use 555-0100…0199, the range reserved for fiction.
 */
import { type Rng } from "./random";

export interface Place {
  city: string;
  state: string;
  zip: string;
  areaCode: string;
}

export interface Person {
  firstName: string;
  lastName: string;
}

export interface Street {
  /** "1423 N Maple St" */
  line: string;
}

const CITIES = `Boise ID 83702 208;Boise ID 83706 208;Meridian ID 83642 208;Nampa ID 83651 208;Idaho Falls ID 83402 208;
Twin Falls ID 83301 208;Portland OR 97205 503;Eugene OR 97401 541;Bend OR 97701 541;Seattle WA 98101 206;
Spokane WA 99201 509;Tacoma WA 98402 253;Salt Lake City UT 84111 801;Provo UT 84601 801;Denver CO 80202 303;
Colorado Springs CO 80903 719;Fort Collins CO 80521 970;Phoenix AZ 85004 602;Tucson AZ 85701 520;
Las Vegas NV 89101 702;Reno NV 89501 775;Sacramento CA 95814 916;San Diego CA 92101 619;Fresno CA 93721 559;
Austin TX 78701 512;Dallas TX 75201 214;Houston TX 77002 713;San Antonio TX 78205 210;Chicago IL 60601 312;
Springfield IL 62701 217;Minneapolis MN 55401 612;Madison WI 53703 608;Columbus OH 43215 614;
Cleveland OH 44113 216;Detroit MI 48226 313;Grand Rapids MI 49503 616;Indianapolis IN 46204 317;
Nashville TN 37203 615;Atlanta GA 30303 404;Charlotte NC 28202 704;Raleigh NC 27601 919;Orlando FL 32801 407;
Tampa FL 33602 813;Miami FL 33130 305;Richmond VA 23219 804;Pittsburgh PA 15222 412;Philadelphia PA 19103 215;
Boston MA 02108 617;Hartford CT 06103 860;Albany NY 12207 518;Buffalo NY 14202 716;Kansas City MO 64105 816;
Omaha NE 68102 402;Albuquerque NM 87102 505;Billings MT 59101 406;Missoula MT 59802 406;Cheyenne WY 82001 307;
Anchorage AK 99501 907;Honolulu HI 96813 808;Burlington VT 05401 802;Portland ME 04101 207;
Louisville KY 40202 502;Birmingham AL 35203 205;New Orleans LA 70112 504;Little Rock AR 72201 501;
Des Moines IA 50309 515;Wichita KS 67202 316;Oklahoma City OK 73102 405;Sioux Falls SD 57104 605;
Fargo ND 58102 701`
  .split(";")
  .map((entry): Place => {
    const m = /^\s*(.+) ([A-Z]{2}) (\d{5}) (\d{3})\s*$/.exec(entry);
    if (!m) throw new Error(`bad city entry: ${entry}`);
    return { city: m[1]!, state: m[2]!, zip: m[3]!, areaCode: m[4]! };
  });

const FIRST_NAMES = `Jane John Maria James Emily Michael Sarah David Jessica Robert Ashley William Amanda Daniel Megan
Christopher Lauren Matthew Rachel Joshua Olivia Andrew Hannah Ryan Sophia Brandon Chloe Tyler Grace Kevin Natalie
Justin Madison Aaron Abigail Nathan Elena Luis Mei Priya Ahmed Fatima Carlos Ana Kenji Yuki Darnell Keisha Tomas
Ingrid Patrick Colleen Hector Rosa Wei Linh Samuel Ruth Harold Dorothy Evelyn Walter`.split(/\s+/);

const LAST_NAMES = `Doe Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Wilson
Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell
Mitchell Carter Roberts Patel Kim Chen Okafor O'Brien McAllister Schmidt Kowalski Larsen Yamamoto Haddad
Fitzgerald Delgado Bergstrom Washington`.split(/\s+/);

const STREET_NAMES = `Main Maple Oak Pine Cedar Elm Washington Lincoln Jefferson Park Lake Hill Sunset Highland River
Fairview Willow Cherry Aspen Orchard Meadow Ridge Franklin Jackson Madison Chestnut Birch Spruce Walnut Harrison
Broadway Capitol Vista Overland State Front Grove Church Mill Spring`.split(/\s+/);

const STREET_SUFFIXES = ["St", "Ave", "Dr", "Rd", "Ln", "Blvd", "Way", "Ct", "Pl"] as const;
const DIRECTIONS = ["N", "S", "E", "W"] as const;

const CLINIC_PATTERNS: ReadonlyArray<(place: Place, doctor: Person) => string> = [
  (p) => `${p.city} Family Eye Care`,
  (p) => `${p.city} Vision Center`,
  () => "Clearview Optometry",
  (_p, d) => `${d.lastName} Eye Associates`,
  () => "Bright Eyes Optometry",
  (_p, d) => `${d.lastName} Family Optometry`,
  () => "Summit Eye Care",
  () => "Riverside Vision Clinic",
  (p) => `Eye Health of ${p.city}`,
  () => "Cascade Eyecare & Eyewear",
  () => "Northstar Optometry",
  () => "Focal Point Vision",
  () => "Treasure Valley Eye Clinic",
  (_p, d) => `Dr. ${d.lastName} & Associates Optometry`,
  () => "Lakeside Contact Lens Center",
  () => "Westside Eye Care Center",
];

export function pickPlace(rng: Rng): Place {
  return rng.pick(CITIES);
}

export function pickPerson(rng: Rng): Person {
  return { firstName: rng.pick(FIRST_NAMES), lastName: rng.pick(LAST_NAMES) };
}

export function pickStreet(rng: Rng): string {
  const number = rng.weighted([
    [rng.int(10, 999), 2],
    [rng.int(1000, 9999), 5],
    [rng.int(10000, 24999), 1],
  ]);
  const direction = rng.chance(0.35) ? `${rng.pick(DIRECTIONS)} ` : "";
  return `${number} ${direction}${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
}

/** "(208) 555-0142": a real area code for the place and a number from the fictional range. */
export function pickPhone(rng: Rng, place: Place): string {
  return `(${place.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
}

export function pickClinicName(rng: Rng, place: Place, doctor: Person): string {
  return rng.pick(CLINIC_PATTERNS)(place, doctor);
}

/** A suite or floor for a clinic's address line (clinics print one often; the patient's address never has one). */
export function pickSuite(rng: Rng): string {
  return rng.pick([`Suite ${rng.int(100, 450)}`, `Ste ${rng.int(1, 30) * 10}`, `Unit ${rng.pick(["A", "B", "C"])}`]);
}
