/// Random values for a simulated contact (see `QSOContact` for the keys):
/// two different callsigns of the full course, with a name, a city of the
/// call's country, a signal report, a serial, rig, antenna, power,
/// weather and temperature for each. The same generator state always
/// gives the same contact.
public struct QSOFiller: Sendable {
    private let callsigns: CallsignGenerator

    /// Calls are drawn from the characters given; QSO text itself needs the
    /// full course's characters, so this is for the full course or an
    /// explicit set with digits.
    public init(characters: [Symbol] = KochCourse.full.order) throws(ContentError) {
        callsigns = try CallsignGenerator(characters: characters)
    }

    /// The full course's vocabulary, built into koch: if it cannot be made, koch's own tables
    /// are broken, and that is a bug reported loudly rather than a contact quietly left out.
    public static let fullCourse: QSOFiller = {
        do {
            return try QSOFiller()
        } catch {
            preconditionFailure("koch's built-in QSO vocabulary cannot be used: \(error)")
        }
    }()

    public func contact(using generator: inout SeededGenerator) -> QSOContact {
        let caller = station(using: &generator, avoiding: nil)
        let answerer = station(using: &generator, avoiding: caller.call)
        return QSOContact(caller: caller, answerer: answerer, band: pick(QSOVocabulary.bands, &generator))
    }

    private func station(using generator: inout SeededGenerator, avoiding call: String?) -> QSOStation {
        var callsign = callsigns.callsign(using: &generator)
        while callsign.text == call { callsign = callsigns.callsign(using: &generator) }
        let celsius =
            callsign.home.name.hasSuffix("Russia") || callsign.home.name == "Canada"
            ? generator.nextInt(in: -20...25) : generator.nextInt(in: -5...32)
        let age = generator.nextInt(in: 16...85)
        return QSOStation(
            call: callsign.text,
            name: pick(QSOVocabulary.names, &generator),
            qth: callsign.home.cities.isEmpty ? callsign.home.name.uppercased() : pick(callsign.home.cities, &generator),
            rst: pick(QSOVocabulary.reports, &generator),
            serial: threeDigits(generator.nextInt(in: 1...650)),
            rig: pick(QSOVocabulary.rigs, &generator),
            antenna: pick(QSOVocabulary.antennas, &generator),
            power: pick(QSOVocabulary.powersWatts, &generator),
            weather: pick(QSOVocabulary.weather, &generator),
            temperature: celsius < 0 ? "MINUS \(-celsius)C" : "\(celsius)C",
            age: String(age),
            years: String(generator.nextInt(in: 1...(age - 14))),
            greeting: pick(QSOVocabulary.greetings, &generator))
    }

    private func pick(_ list: [String], _ generator: inout SeededGenerator) -> String {
        list[generator.nextInt(in: 0...list.count - 1)]
    }

    private func threeDigits(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
