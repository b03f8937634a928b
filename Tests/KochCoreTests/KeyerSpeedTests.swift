import Testing

@testable import KochCore

/// The speed a log of key events is keyed and read at.
@Suite struct KeyerSpeedTests {
    @Test func aSpeedGivenIsWhereTheKeyerStarts() {
        #expect(KeyerSpeed(givenWPM: 25, exerciseWPM: 18).startWPM == 25)
    }

    @Test(arguments: [(18.0, 18.0), (45, 40), (3, 5)])
    func anExercisesSpeedIsBroughtWithinTheKeyersRange(exerciseWPM: Double, startWPM: Double) {
        #expect(KeyerSpeed(givenWPM: nil, exerciseWPM: exerciseWPM).startWPM == startWPM)
    }

    @Test func withNeitherTheKeyerStartsAtItsDefault() {
        #expect(KeyerSpeed(givenWPM: nil).startWPM == IambicKeyer.defaultWPM)
    }

    @Test func onlyTheKeyersSpeedsMayBeGiven() {
        #expect(KeyerSpeed.allows(5) && KeyerSpeed.allows(40))
        #expect(!KeyerSpeed.allows(4.5) && !KeyerSpeed.allows(41))
    }

    @Test func paddlesAreReadAtTheKeyersFirstSpeedAndAStraightKeyAtTheSpeedGivenIfAny() throws {
        let paddles = try PaddleLog(text: "0.0 wpm 22\n0.1 dit down\n0.2 dit up\n1.0 wpm 25\n1.1 dah down\n1.2 dah up\n")
        let keyed = paddles.keying(at: KeyerSpeed(givenWPM: nil, exerciseWPM: 18), mode: .b)
        #expect(keyed.speedsWPM == [22, 25] && keyed.readingSpeedWPM == 22)
        #expect(keyed.elements.map(\.element) == [.dit, .dah])
        let straight = try PaddleLog(text: "0.1 key down\n0.2 key up\n")
        #expect(straight.keying(at: KeyerSpeed(givenWPM: nil, exerciseWPM: 18), mode: .b).readingSpeedWPM == nil)
        #expect(straight.keying(at: KeyerSpeed(givenWPM: 16), mode: .b).readingSpeedWPM == 16)
    }
}
