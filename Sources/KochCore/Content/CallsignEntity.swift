/// A country (a DXCC entity) as its callsigns are written: its ITU
/// prefixes, the call-area digits in use after them, how long the suffix
/// after the digit is, how often it is heard on the air, and a few of its
/// cities (for the QTH of a simulated contact).
///
/// Prefixes come from the ITU table of allocations (Radio Regulations,
/// Appendix 42) as the national societies issue them, e.g. DL/DJ/DK for
/// Germany, 9A for Croatia, 4X/4Z for Israel, HB9 for Switzerland.
public struct CallsignEntity: Sendable, Hashable {
    public let name: String
    /// The prefixes before the call-area digit: one or two characters, a
    /// letter pair (`DL`), a single letter (`K`), or a digit-letter or
    /// letter-digit pair (`9A`, `S5`).
    public let prefixes: [String]
    public let callAreaDigits: String
    public let suffixLengths: ClosedRange<Int>
    /// Relative share of the calls heard on the bands.
    public let weight: Double
    /// Cities, written as they are sent (no accents).
    public let cities: [String]

    public init(
        name: String, prefixes: [String], callAreaDigits: String = "0123456789",
        suffixLengths: ClosedRange<Int> = 2...3, weight: Double, cities: [String]
    ) {
        self.name = name
        self.prefixes = prefixes
        self.callAreaDigits = callAreaDigits
        self.suffixLengths = suffixLengths
        self.weight = weight
        self.cities = cities
    }

    /// The entities callsigns are drawn from, weighted roughly by activity on the HF bands.
    public static let table: [CallsignEntity] = [
        CallsignEntity(
            name: "USA", prefixes: ["K", "W", "N"], suffixLengths: 2...3, weight: 14,
            cities: ["BOSTON", "DENVER", "AUSTIN", "SEATTLE", "CHICAGO", "DALLAS", "ATLANTA", "PHOENIX", "DAYTON", "OMAHA", "TAMPA", "RENO"]),
        CallsignEntity(
            name: "USA",
            prefixes: [
                "AA", "AB", "AC", "AD", "AE", "AF", "AG", "AI", "AJ", "AK", "KA", "KB", "KC", "KD", "KE",
                "KF", "KG", "KI", "KJ", "KK", "KN", "KO", "WA", "WB", "WD", "NA", "NB",
            ],
            suffixLengths: 1...3, weight: 10,
            cities: ["ALBANY", "TOLEDO", "DULUTH", "TUCSON", "BOISE", "MEMPHIS", "PORTLAND", "RALEIGH"]),
        CallsignEntity(
            name: "Alaska", prefixes: ["AL", "KL"], callAreaDigits: "7", suffixLengths: 1...3, weight: 0.5,
            cities: ["ANCHORAGE", "JUNEAU", "FAIRBANKS"]),
        CallsignEntity(
            name: "Canada", prefixes: ["VE", "VA"], callAreaDigits: "123456789", weight: 3,
            cities: ["TORONTO", "OTTAWA", "CALGARY", "VANCOUVER", "HALIFAX", "REGINA", "MONTREAL"]),
        CallsignEntity(
            name: "England", prefixes: ["G", "M"], callAreaDigits: "034670", weight: 4,
            cities: ["LONDON", "LEEDS", "BRISTOL", "YORK", "BATH", "OXFORD", "DERBY"]),
        CallsignEntity(
            name: "Scotland", prefixes: ["GM", "MM"], callAreaDigits: "03460", weight: 1,
            cities: ["EDINBURGH", "GLASGOW", "ABERDEEN"]),
        CallsignEntity(
            name: "Wales", prefixes: ["GW", "MW"], callAreaDigits: "03460", weight: 0.7,
            cities: ["CARDIFF", "SWANSEA"]),
        CallsignEntity(
            name: "Ireland", prefixes: ["EI"], callAreaDigits: "23456789", weight: 0.7,
            cities: ["DUBLIN", "CORK", "GALWAY"]),
        CallsignEntity(
            name: "Germany", prefixes: ["DL", "DJ", "DK", "DF", "DG", "DH", "DO"], callAreaDigits: "123456789", weight: 8,
            cities: ["BERLIN", "HAMBURG", "MUNICH", "BONN", "KIEL", "ESSEN", "DRESDEN", "BREMEN"]),
        CallsignEntity(
            name: "France", prefixes: ["F"], callAreaDigits: "145689", weight: 3,
            cities: ["PARIS", "LYON", "NANTES", "LILLE", "NICE", "DIJON"]),
        CallsignEntity(
            name: "Italy", prefixes: ["I", "IK", "IZ", "IW"], weight: 4,
            cities: ["ROMA", "MILANO", "TORINO", "NAPOLI", "PISA", "GENOVA"]),
        CallsignEntity(
            name: "Spain", prefixes: ["EA", "EB", "EC"], callAreaDigits: "123456789", weight: 3,
            cities: ["MADRID", "SEVILLA", "VALENCIA", "BILBAO"]),
        CallsignEntity(
            name: "Portugal", prefixes: ["CT"], callAreaDigits: "12", weight: 0.8,
            cities: ["LISBOA", "PORTO", "BRAGA"]),
        CallsignEntity(
            name: "Netherlands", prefixes: ["PA", "PD", "PE"], weight: 2,
            cities: ["AMSTERDAM", "UTRECHT", "DELFT", "LEIDEN"]),
        CallsignEntity(
            name: "Belgium", prefixes: ["ON"], callAreaDigits: "34578", weight: 1.5,
            cities: ["BRUSSELS", "GENT", "LIEGE", "BRUGGE"]),
        CallsignEntity(
            name: "Switzerland", prefixes: ["HB"], callAreaDigits: "9", suffixLengths: 1...3, weight: 1,
            cities: ["BERN", "ZURICH", "BASEL"]),
        CallsignEntity(
            name: "Austria", prefixes: ["OE"], callAreaDigits: "123456789", weight: 1,
            cities: ["WIEN", "GRAZ", "LINZ"]),
        CallsignEntity(
            name: "Finland", prefixes: ["OH"], weight: 1.5,
            cities: ["HELSINKI", "TURKU", "OULU"]),
        CallsignEntity(
            name: "Sweden", prefixes: ["SM", "SA"], callAreaDigits: "01234567", weight: 1.5,
            cities: ["STOCKHOLM", "UPPSALA", "MALMO"]),
        CallsignEntity(
            name: "Norway", prefixes: ["LA", "LB"], weight: 1,
            cities: ["OSLO", "BERGEN", "TROMSO"]),
        CallsignEntity(
            name: "Denmark", prefixes: ["OZ"], weight: 1,
            cities: ["COPENHAGEN", "AARHUS", "ODENSE"]),
        CallsignEntity(
            name: "Poland", prefixes: ["SP", "SQ"], weight: 3,
            cities: ["WARSZAWA", "KRAKOW", "GDANSK", "POZNAN"]),
        CallsignEntity(
            name: "Czech Republic", prefixes: ["OK", "OL"], callAreaDigits: "12", weight: 2,
            cities: ["PRAHA", "BRNO", "PLZEN"]),
        CallsignEntity(
            name: "Hungary", prefixes: ["HA", "HG"], weight: 1.5,
            cities: ["BUDAPEST", "DEBRECEN", "SZEGED"]),
        CallsignEntity(
            name: "Romania", prefixes: ["YO"], callAreaDigits: "23456789", weight: 1.5,
            cities: ["BUCURESTI", "CLUJ", "IASI"]),
        CallsignEntity(
            name: "Croatia", prefixes: ["9A"], callAreaDigits: "1234567", weight: 1,
            cities: ["ZAGREB", "SPLIT", "RIJEKA"]),
        CallsignEntity(
            name: "Slovenia", prefixes: ["S5"], callAreaDigits: "0123579", weight: 0.8,
            cities: ["LJUBLJANA", "MARIBOR"]),
        CallsignEntity(
            name: "Bulgaria", prefixes: ["LZ"], callAreaDigits: "12345", weight: 1,
            cities: ["SOFIA", "PLOVDIV", "VARNA"]),
        CallsignEntity(
            name: "Greece", prefixes: ["SV"], callAreaDigits: "123456789", weight: 0.8,
            cities: ["ATHENS", "PATRAS"]),
        CallsignEntity(
            name: "Israel", prefixes: ["4X", "4Z"], callAreaDigits: "1456", weight: 0.6,
            cities: ["HAIFA", "JERUSALEM"]),
        CallsignEntity(
            name: "Cyprus", prefixes: ["5B"], callAreaDigits: "4", weight: 0.4,
            cities: ["NICOSIA", "LIMASSOL"]),
        CallsignEntity(
            name: "European Russia", prefixes: ["UA", "RA", "RW", "RN", "RK"], callAreaDigits: "1234567", weight: 4,
            cities: ["MOSCOW", "KAZAN", "SAMARA", "PERM"]),
        CallsignEntity(
            name: "Asiatic Russia", prefixes: ["UA", "RA"], callAreaDigits: "09", weight: 1,
            cities: ["OMSK", "TOMSK", "IRKUTSK"]),
        CallsignEntity(
            name: "Ukraine", prefixes: ["UR", "UT", "UX"], weight: 2,
            cities: ["KYIV", "LVIV", "ODESA"]),
        CallsignEntity(
            name: "Lithuania", prefixes: ["LY"], callAreaDigits: "12345", weight: 0.6,
            cities: ["VILNIUS", "KAUNAS"]),
        CallsignEntity(
            name: "Estonia", prefixes: ["ES"], callAreaDigits: "1234567", weight: 0.5,
            cities: ["TALLINN", "TARTU"]),
        CallsignEntity(
            name: "Japan", prefixes: ["JA", "JH", "JR", "JE", "JF", "JG", "JI"], weight: 8,
            cities: ["TOKYO", "OSAKA", "KYOTO", "SAPPORO", "NAGOYA", "SENDAI"]),
        CallsignEntity(
            name: "Australia", prefixes: ["VK"], callAreaDigits: "12345678", weight: 2,
            cities: ["SYDNEY", "PERTH", "ADELAIDE", "MELBOURNE", "HOBART"]),
        CallsignEntity(
            name: "New Zealand", prefixes: ["ZL"], callAreaDigits: "1234", weight: 0.8,
            cities: ["AUCKLAND", "WELLINGTON", "NELSON"]),
        CallsignEntity(
            name: "Brazil", prefixes: ["PY", "PU"], callAreaDigits: "123456789", weight: 2,
            cities: ["RECIFE", "CURITIBA", "SANTOS"]),
        CallsignEntity(
            name: "Argentina", prefixes: ["LU"], weight: 1,
            cities: ["CORDOBA", "ROSARIO", "MENDOZA"]),
        CallsignEntity(
            name: "South Africa", prefixes: ["ZS"], callAreaDigits: "1234567", weight: 0.7,
            cities: ["DURBAN", "PRETORIA", "CAPE TOWN"]),
    ]
}
