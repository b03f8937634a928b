/// The small fixed lists a simulated contact draws from: operators'
/// names, rigs, antennas, power levels, weather and signal reports, all
/// written with letters and digits only so that every course can send them.
enum QSOVocabulary {
    static let names = [
        "JOHN", "BOB", "BILL", "JIM", "TOM", "MIKE", "DAVE", "STEVE", "PAUL", "MARK", "RON", "DON", "ED", "AL", "JOE",
        "ANN", "SUE", "MARY", "KATE", "LIZ", "JANE", "EVA", "HANS", "KLAUS", "PETER", "JAN", "PIERRE", "LUC", "LUIGI",
        "MARCO", "JOSE", "PACO", "KENJI", "TARO", "IVAN", "OLEG", "LARS", "OLE", "PIET", "MILAN", "ZORAN", "TONY", "KEN",
    ]

    static let rigs = [
        "IC7300", "IC705", "IC7610", "FT991A", "FT710", "FTDX10", "FT817", "FT891", "TS590", "TS890", "K3", "K4", "KX2",
        "KX3", "QCX", "HOMEBREW",
    ]

    static let antennas = [
        "DIPOLE", "VERTICAL", "YAGI", "3 EL YAGI", "EFHW", "LOOP", "G5RV", "WINDOM", "INV VEE", "LONG WIRE", "HEXBEAM",
    ]

    static let powersWatts = ["5", "10", "20", "50", "100", "100", "100", "400", "500"]

    static let weather = ["SUNNY", "CLOUDY", "RAIN", "SNOW", "FOG", "WINDY", "FINE", "OVERCAST", "CLEAR"]

    /// Signal reports (readability, strength, tone), good ones more often, as heard on the air.
    static let reports = ["599", "599", "599", "589", "579", "579", "569", "559", "559", "549", "459", "449", "339"]

    static let bands = ["160M", "80M", "40M", "30M", "20M", "17M", "15M", "12M", "10M"]

    static let greetings = ["GM", "GA", "GE"]
}
