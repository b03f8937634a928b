import Testing

@testable import KochCore

@Suite struct TimingTests {
    @Test func unitIsTwelveHundredOverWPMMilliseconds() {
        let timing = Timing(characterSpeedWPM: 20)
        #expect(abs(timing.unitSeconds - 0.060) < 1e-12)
        #expect(abs(timing.durationSeconds(of: .dah) - 0.180) < 1e-12)
        #expect(abs(timing.durationSeconds(of: .intraCharacter) - 0.060) < 1e-12)
        #expect(abs(timing.durationSeconds(of: .character) - 0.180) < 1e-12)
        #expect(abs(timing.durationSeconds(of: .word) - 0.420) < 1e-12)
    }

    @Test func aUnitAtAnySpeedIsPARISsAndTheSpeedOfAUnitItsInverse() {
        #expect(abs(Timing.unitSeconds(wpm: 20) - 0.060) < 1e-12)
        #expect(abs(Timing.unitSeconds(wpm: 12) - 0.100) < 1e-12)
        #expect(abs(Timing.speedWPM(unitSeconds: 0.080) - 15) < 1e-12)
        for wpm in [5.0, 13, 18, 40] {
            #expect(abs(Timing.speedWPM(unitSeconds: Timing.unitSeconds(wpm: wpm)) - wpm) < 1e-9)
            #expect(Timing(characterSpeedWPM: wpm).unitSeconds == Timing.unitSeconds(wpm: wpm))
        }
    }

    @Test func farnsworthGapsAtTwentyOverTenMatchTheARRLFormula() {
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 10)
        #expect(abs(timing.durationSeconds(of: .character) - 0.654) < 0.0005)
        #expect(abs(timing.durationSeconds(of: .word) - 1.525) < 0.0005)
        // Inside a character nothing is stretched.
        #expect(abs(timing.durationSeconds(of: .intraCharacter) - 0.060) < 1e-12)
        #expect(abs(timing.durationSeconds(of: .dit) - 0.060) < 1e-12)
    }

    @Test func parisTakesOneMinuteOverTheEffectiveSpeed() {
        for (c, s) in [(20.0, 12.0), (25, 25), (18, 5), (40, 18)] {
            let timing = Timing(characterSpeedWPM: c, effectiveSpeedWPM: s)
            let paris = try! MorseText(parsing: "PARIS")
            // A PARIS word plus its word gap lasts 60 / s seconds.
            let seconds = Timeline.keyedSeconds(of: paris, timing: timing) + timing.durationSeconds(of: .word)
            #expect(abs(seconds - 60 / s) < 1e-9, "at \(c)/\(s) WPM")
        }
    }

    @Test func effectiveSpeedNeverExceedsCharacterSpeed() {
        let timing = Timing(characterSpeedWPM: 15, effectiveSpeedWPM: 25)
        #expect(timing.effectiveSpeedWPM == 15)
        #expect(!timing.isFarnsworth)
    }
}
