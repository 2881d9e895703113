/** SPEC §7 demo data: exactly what hand tests and the end-to-end suites rely on. */
export const demoPrivacyPolicyVersion = '2026-01';

export const demoSeasons = [
  {
    identifier: '2026-27',
    label: 'KiTa-Jahr 2026/27',
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    enrolmentState: 'open' as const,
    enrolmentDeadline: '2027-02-05',
    allowDocumentation: true,
    documentationDeadline: '2027-06-30',
    isCurrent: true,
  },
  {
    identifier: '2025-26',
    label: 'KiTa-Jahr 2025/26',
    startDate: '2025-09-01',
    endDate: '2026-08-31',
    enrolmentState: 'closed' as const,
    enrolmentDeadline: '2026-02-06',
    allowDocumentation: false,
    documentationDeadline: '2026-06-30',
    isCurrent: false,
  },
];

type DemoFacility = {
  label: string;
  kind: string;
  street: string;
  postalCode: string;
  city: string;
  region: string;
  operatorName: string;
  operatorKind: string;
  phone: string;
  email: string;
  website: string;
  childrenCount: number;
  staffCount: number;
};

const f = (
  label: string,
  kind: string,
  street: string,
  postalCode: string,
  city: string,
  region: string,
  operatorName: string,
  operatorKind: string,
  phone: string,
  slug: string,
  childrenCount: number,
  staffCount: number,
): DemoFacility => ({
  label,
  kind,
  street,
  postalCode,
  city,
  region,
  operatorName,
  operatorKind,
  phone,
  email: `${slug}@kita.demo.example`,
  website: `https://${slug}.kita.demo.example`,
  childrenCount,
  staffCount,
});

// prettier-ignore
export const demoFacilities: DemoFacility[] = [
  f('Kinderhaus Sonnenschein', 'Haus für Kinder', 'Leopoldstraße 112', '80802', 'München', 'Oberbayern', 'Landeshauptstadt München', 'kommunal', '089 3303456', 'sonnenschein', 98, 16),
  f('Waldkindergarten Isarauen', 'Kindergarten', 'Am Isarkanal 3', '82049', 'Pullach im Isartal', 'Oberbayern', 'Waldkinder Isartal e. V.', 'frei gemeinnützig', '089 7932210', 'isarauen', 22, 4),
  f('Kindergarten St. Martin', 'Kindergarten', 'Kirchplatz 4', '94032', 'Passau', 'Niederbayern', 'Kath. Kirchenstiftung St. Martin', 'kirchlich', '0851 4907312', 'st-martin-passau', 75, 11),
  f('Kinderkrippe Zwergerlstube', 'Krippe', 'Altstadt 52', '84028', 'Landshut', 'Niederbayern', 'Stadt Landshut', 'kommunal', '0871 8812045', 'zwergerlstube', 36, 9),
  f('Haus für Kinder Regenbogen', 'Haus für Kinder', 'Dr.-Johann-Maier-Straße 8', '93049', 'Regensburg', 'Oberpfalz', 'AWO Kreisverband Regensburg e. V.', 'frei gemeinnützig', '0941 2983370', 'regenbogen-regensburg', 110, 19),
  f('Kita Naabtal-Spatzen', 'Kindergarten', 'Schulstraße 6', '92421', 'Schwandorf', 'Oberpfalz', 'Evang.-Luth. Kirchengemeinde Schwandorf', 'kirchlich', '09431 715520', 'naabtal-spatzen', 60, 8),
  f('Kindertagesstätte Zauberwald', 'Kindergarten', 'Hainstraße 15', '96047', 'Bamberg', 'Oberfranken', 'Caritasverband Bamberg e. V.', 'kirchlich', '0951 2081540', 'zauberwald', 85, 13),
  f('Hort an der Rotmainschule', 'Hort', 'Rotmainstraße 2', '95444', 'Bayreuth', 'Oberfranken', 'Stadt Bayreuth', 'kommunal', '0921 5077310', 'hort-rotmain', 50, 6),
  f('Kinderhaus Pegnitzwiese', 'Haus für Kinder', 'Wöhrder Hauptstraße 20', '90489', 'Nürnberg', 'Mittelfranken', 'Stadt Nürnberg, Jugendamt', 'kommunal', '0911 2318840', 'pegnitzwiese', 92, 15),
  f('Großtagespflege Kleine Entdecker', 'Großtagespflege', 'Hauptstraße 30', '91054', 'Erlangen', 'Mittelfranken', 'Kleine Entdecker GbR', 'privat', '09131 8102233', 'kleine-entdecker', 10, 3),
  f('Kindergarten Mainkiesel', 'Kindergarten', 'Sanderglacisstraße 10', '97072', 'Würzburg', 'Unterfranken', 'Elterninitiative Mainkiesel e. V.', 'frei gemeinnützig', '0931 4658021', 'mainkiesel', 45, 7),
  f('Kita Lechauen', 'Kindergarten', 'Haunstetter Straße 50', '86161', 'Augsburg', 'Schwaben', 'BRK Kreisverband Augsburg-Stadt', 'frei gemeinnützig', '0821 3209915', 'lechauen', 70, 10),
];

export type DemoAccount = {
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  /** issue 12: reviews the documentation forms without administering */
  isJury?: boolean;
  /** false: newsletter and privacy policy undecided (guard dialog 3) */
  consentsDecided: boolean;
  /** facility label → enrolled to the current season 2026-27? */
  facilities: Record<string, boolean>;
};

export const demoAccounts: DemoAccount[] = [
  { email: 'admin@demo.example', firstName: 'Alex', lastName: 'Admin', isAdmin: true, consentsDecided: true, facilities: {} },
  { email: 'ohne-kita@demo.example', firstName: 'Olga', lastName: 'Ohnekita', isAdmin: false, consentsDecided: true, facilities: {} },
  {
    email: 'eine-kita@demo.example',
    firstName: 'Elif',
    lastName: 'Einhorn',
    isAdmin: false,
    consentsDecided: true,
    facilities: { 'Kinderhaus Pegnitzwiese': true },
  },
  {
    email: 'nicht-angemeldet@demo.example',
    firstName: 'Niklas',
    lastName: 'Neumann',
    isAdmin: false,
    consentsDecided: true,
    facilities: { 'Kindergarten St. Martin': false },
  },
  {
    email: 'mehrere-kitas@demo.example',
    firstName: 'Maria',
    lastName: 'Mehring',
    isAdmin: false,
    consentsDecided: true,
    facilities: { 'Kinderhaus Sonnenschein': true, 'Kindertagesstätte Zauberwald': true, 'Kita Lechauen': false },
  },
  {
    email: 'einstellungen@demo.example',
    firstName: 'Emil',
    lastName: 'Einstein',
    isAdmin: false,
    consentsDecided: false,
    facilities: { 'Haus für Kinder Regenbogen': true },
  },
  { email: 'jury@demo.example', firstName: 'Jana', lastName: 'Jurowski', isAdmin: false, isJury: true, consentsDecided: true, facilities: {} },
];

/** Issue 5: staff lists of the demo KiTas. `account` links the staff entry to that demo account. */
export type DemoPerson = {
  facility: string;
  salutation: 'Frau' | 'Herr' | 'divers' | 'keine Angabe';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  position: 'Leitung' | 'stellv. Leitung' | 'pädagogische Fachkraft' | 'Ergänzungskraft' | 'Sonstige';
  account?: string;
};

const leads: [string, DemoPerson['salutation'], string, string][] = [
  ['Kinderhaus Sonnenschein', 'Frau', 'Maria', 'Mehring'],
  ['Waldkindergarten Isarauen', 'Herr', 'Jonas', 'Brandl'],
  ['Kindergarten St. Martin', 'Herr', 'Niklas', 'Neumann'],
  ['Kinderkrippe Zwergerlstube', 'Frau', 'Sabine', 'Huber'],
  ['Haus für Kinder Regenbogen', 'Herr', 'Emil', 'Einstein'],
  ['Kita Naabtal-Spatzen', 'Frau', 'Petra', 'Schmid'],
  ['Kindertagesstätte Zauberwald', 'Frau', 'Jana', 'Förster'],
  ['Hort an der Rotmainschule', 'Herr', 'Lukas', 'Wagner'],
  ['Kinderhaus Pegnitzwiese', 'Frau', 'Elif', 'Einhorn'],
  ['Großtagespflege Kleine Entdecker', 'Frau', 'Anna', 'Köhler'],
  ['Kindergarten Mainkiesel', 'Frau', 'Lena', 'Weiß'],
  ['Kita Lechauen', 'Herr', 'Tobias', 'Müller'],
];
const leadAccounts: Record<string, string> = {
  'Kinderhaus Sonnenschein': 'mehrere-kitas@demo.example',
  'Kindergarten St. Martin': 'nicht-angemeldet@demo.example',
  'Haus für Kinder Regenbogen': 'einstellungen@demo.example',
  'Kinderhaus Pegnitzwiese': 'eine-kita@demo.example',
};
const colleagues: [string, string, DemoPerson['position']][] = [
  ['Sophie', 'Bauer', 'stellv. Leitung'],
  ['Ömer', 'Yılmaz', 'pädagogische Fachkraft'],
  ['Clara', 'Lehmann', 'Ergänzungskraft'],
];

const slugOf = (label: string) => demoFacilities.find((f) => f.label === label)!.email.split('@')[0]!;
const mailName = (s: string) => s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/ı/g, 'i');

// prettier-ignore
export const demoPersons: DemoPerson[] = leads.flatMap(([facility, salutation, firstName, lastName], i) => {
  const slug = slugOf(facility);
  const phone = demoFacilities.find((f) => f.label === facility)!.phone;
  const account = leadAccounts[facility];
  const lead: DemoPerson = {
    facility, salutation, firstName, lastName, phone, position: 'Leitung',
    email: account ?? `${mailName(firstName)}.${mailName(lastName)}@${slug}.kita.demo.example`,
    ...(account ? { account } : {}),
  };
  const [cf, cl, position] = colleagues[i % colleagues.length]!;
  const colleague: DemoPerson = { facility, salutation: 'keine Angabe', firstName: cf, lastName: cl, phone: '', position, email: `${mailName(cf)}.${mailName(cl)}@${slug}.kita.demo.example` };
  return [lead, colleague];
});

/** project titles of the demo enrolments to 2026-27 (facility label → title); the Leitung is the contact */
export const demoProjectTitles: Record<string, string> = {
  'Kinderhaus Sonnenschein': 'Vom Beet auf den Teller',
  'Kindertagesstätte Zauberwald': 'Wir retten die Wildbienen',
  'Kinderhaus Pegnitzwiese': 'Wasser erleben an der Pegnitz',
  'Haus für Kinder Regenbogen': 'Müll-Detektive im Viertel',
};
