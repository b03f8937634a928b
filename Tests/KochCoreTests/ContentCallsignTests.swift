import Testing

@testable import KochCore

@Suite struct ContentCallsignTests {
    /// A home call: a prefix of one or two letters, or a digit and a letter
    /// (9A, 4X), or a letter and a digit (S5); a call-area digit; one to
    /// three letters. Away from home: PREFIX/ before it or /P /M /QRP /digit after.
    static var structure: Regex<Substring> {
        /^(?:(?:[A-Z]{1,2}|[0-9][A-Z]|[A-Z][0-9])\/)?(?:[A-Z]{1,2}|[0-9][A-Z]|[A-Z][0-9])[0-9][A-Z]{1,3}(?:\/(?:P|M|QRP|[0-9]))?$/
    }

    @Test func callsignsMatchTheRealPrefixStructure() throws {
        let generator = CallsignGenerator.full
        var random = SeededGenerator(seed: 1)
        var away = 0
        for _ in 0..<2000 {
            let call = generator.callsign(using: &random).text
            #expect(call.wholeMatch(of: Self.structure) != nil, "\(call)")
            if call.contains("/") { away += 1 }
        }
        #expect((40...200).contains(away), "\(away) of 2000 away from home")
    }

    @Test func callsignsBeginWithAPrefixOfTheTable() throws {
        let generator = CallsignGenerator.full
        let prefixes = Set(CallsignEntity.table.flatMap(\.prefixes))
        var random = SeededGenerator(seed: 2)
        for _ in 0..<500 {
            let call = generator.callsign(using: &random)
            guard !call.text.contains("/") else { continue }
            let fits = call.home.prefixes.contains { prefix in
                prefixes.contains(prefix) && call.text.hasPrefix(prefix)
                    && call.text.dropFirst(prefix.count).first.map(call.home.callAreaDigits.contains) == true
            }
            #expect(fits, "\(call.text) (\(call.home.name))")
        }
    }

    @Test func commonPrefixesAreAllInTheTable() {
        let prefixes = Set(CallsignEntity.table.flatMap(\.prefixes))
        for prefix in [
            "K", "W", "N", "AA", "AL", "VE", "G", "M", "DL", "F", "I", "JA", "VK", "ZL", "EA", "PA", "ON",
            "OH", "SM", "LA", "OZ", "SP", "OK", "HA", "YO", "UA", "9A", "4X", "S5", "HB",
        ] {
            #expect(prefixes.contains(prefix), "\(prefix)")
        }
    }

    @Test func callsignsUseOnlyTheGivenCharacters() throws {
        let characters = "KMRSUAPTLOWINJE0123".compactMap { MorseAlphabet.symbol(for: $0) }
        let generator = try CallsignGenerator(characters: characters)
        var random = SeededGenerator(seed: 3)
        let allowed = Set("KMRSUAPTLOWINJE0123")
        for _ in 0..<500 {
            let call = generator.callsign(using: &random).text
            #expect(call.allSatisfy(allowed.contains), "\(call)")
            #expect(!call.contains("/"))
        }
    }

    @Test func aSetWithoutDigitsCannotMakeCallsigns() {
        #expect(throws: ContentError.callsignsNeedDigits(characters: "K M R S U A P T")) {
            try CallsignGenerator(characters: KochCourse.letters.unlocked(atLevel: 8))
        }
        #expect(ContentError.callsignsNeedDigits(characters: "K M").description.contains("digits"))
    }

    @Test func aSetWithDigitsButNoPrefixLettersIsAnError() {
        let characters = "EQ5".compactMap { MorseAlphabet.symbol(for: $0) }
        #expect(throws: ContentError.noCallsignPrefix(characters: "E Q 5")) {
            try CallsignGenerator(characters: characters)
        }
    }

    @Test func callsignsFillTheAskedDuration() throws {
        let generator = CallsignGenerator.full
        var random = SeededGenerator(seed: 4)
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)
        let calls = generator.callsigns(lastingSeconds: 120, timing: timing, using: &random)
        let seconds = Timeline.keyedSeconds(of: MorseText(words: calls), timing: timing)
        #expect(abs(seconds - 120) < 3, "\(seconds)")
    }
}
