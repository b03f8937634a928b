/// Realistic amateur callsigns: a prefix of the ITU table (`K`, `DL`,
/// `9A`, `S5`), one call-area digit, and a suffix of one to three letters,
/// so `K1ABC`, `DL4XY`, `9A3B`, `JA1ABC`. A small share are operating away
/// from home: `/P` (portable), `/M` (mobile), `/QRP` (low power), a US
/// call with another call area (`K1ABC/4`), or a home call behind the
/// prefix of the country visited (`DL/K1ABC`).
///
/// Only characters of the given set are used: prefixes that cannot be
/// written are left out, and away-from-home forms need `/`. A set without
/// digits cannot make callsigns (`ContentError.callsignsNeedDigits`).
public struct CallsignGenerator: Sendable {
    /// The share of calls sent in an away-from-home form when `/` is available.
    public static let defaultPortableRate = 0.06

    /// The entities that can be written, with their prefixes and digits cut to the character set.
    public let entities: [CallsignEntity]
    public let portableRate: Double
    private let suffixLetters: [Character]
    private let available: Set<Character>
    private let cumulativeWeights: [Double]

    public init(characters: [Symbol], portableRate: Double = defaultPortableRate) throws(ContentError) {
        let written = characters.filter { !$0.isProsign }.compactMap(\.text.first)
        let available = Set(written)
        let shown = characters.map(\.text).joined(separator: " ")
        guard written.contains(where: \.isNumber) else { throw .callsignsNeedDigits(characters: shown) }
        let letters = written.filter { $0.isLetter }
        let entities = CallsignEntity.table.compactMap { entity -> CallsignEntity? in
            let prefixes = entity.prefixes.filter { $0.allSatisfy(available.contains) }
            let digits = String(entity.callAreaDigits.filter(available.contains))
            guard !prefixes.isEmpty, !digits.isEmpty, !letters.isEmpty else { return nil }
            return CallsignEntity(
                name: entity.name, prefixes: prefixes, callAreaDigits: digits, suffixLengths: entity.suffixLengths,
                weight: entity.weight, cities: entity.cities.filter { $0.allSatisfy { $0 == " " || available.contains($0) } })
        }
        guard !entities.isEmpty else { throw .noCallsignPrefix(characters: shown) }
        self.entities = entities
        self.portableRate = available.contains("/") ? portableRate : 0
        self.suffixLetters = letters
        self.available = available
        var total = 0.0
        cumulativeWeights = entities.map {
            total += $0.weight
            return total
        }
    }

    /// The callsigns of the full course (letters, digits and `/`); built-in tables that cannot
    /// make them are a bug, reported loudly.
    public static let full: CallsignGenerator = {
        do {
            return try CallsignGenerator(characters: KochCourse.full.order)
        } catch {
            preconditionFailure("koch's built-in callsign tables cannot be used: \(error)")
        }
    }()

    /// One callsign at random.
    public func callsign(using generator: inout SeededGenerator) -> Callsign {
        let entity = pickEntity(using: &generator)
        let home = homeCall(of: entity, using: &generator)
        guard generator.nextUnit() < portableRate else { return Callsign(text: home, home: entity) }
        return Callsign(text: awayForm(of: home, entity: entity, using: &generator), home: entity)
    }

    /// Callsigns until they last `targetSeconds` at `timing`, ending on a whole call.
    public func callsigns(lastingSeconds targetSeconds: Double, timing: Timing, using generator: inout SeededGenerator) -> [[Symbol]] {
        KeyedDuration.fill(lastingSeconds: targetSeconds, timing: timing, using: &generator) { generator, _ in
            callsign(using: &generator).text.compactMap { MorseAlphabet.symbol(for: $0) }
        }
    }

    private func pickEntity(using generator: inout SeededGenerator) -> CallsignEntity {
        let target = generator.nextUnit() * (cumulativeWeights.last ?? 0)
        let index = cumulativeWeights.firstIndex { $0 > target } ?? entities.count - 1
        return entities[index]
    }

    private func homeCall(of entity: CallsignEntity, using generator: inout SeededGenerator) -> String {
        let prefix = entity.prefixes[generator.nextInt(in: 0...entity.prefixes.count - 1)]
        let digits = Array(entity.callAreaDigits)
        let digit = digits[generator.nextInt(in: 0...digits.count - 1)]
        // A one-letter suffix belongs to two-character prefixes (AA1A, HB9X); a single-letter prefix takes at least two.
        let shortest = prefix.count == 1 ? max(2, entity.suffixLengths.lowerBound) : entity.suffixLengths.lowerBound
        let length = generator.nextInt(in: shortest...max(shortest, entity.suffixLengths.upperBound))
        let suffix = (0..<length).map { _ in suffixLetters[generator.nextInt(in: 0...suffixLetters.count - 1)] }
        return prefix + String(digit) + String(suffix)
    }

    /// `/P`, `/M`, `/QRP`, `K1ABC/4` or `DL/K1ABC`, whichever the characters allow.
    private func awayForm(of home: String, entity: CallsignEntity, using generator: inout SeededGenerator) -> String {
        // /P is the most common, so it is listed twice.
        var forms: [String] = ["/P", "/P", "/M", "/QRP"].filter { $0.allSatisfy(available.contains) }.map { home + $0 }
        let otherAreas = Array(entity.callAreaDigits.filter { !home.contains($0) })
        if entity.name == "USA", !otherAreas.isEmpty {
            forms.append(home + "/" + String(otherAreas[generator.nextInt(in: 0...otherAreas.count - 1)]))
        }
        let visited = entities.filter { $0.name != entity.name }
        if !visited.isEmpty {
            let host = visited[generator.nextInt(in: 0...visited.count - 1)]
            if let prefix = host.prefixes.first { forms.append(prefix + "/" + home) }
        }
        guard !forms.isEmpty else { return home }
        return forms[generator.nextInt(in: 0...forms.count - 1)]
    }
}
