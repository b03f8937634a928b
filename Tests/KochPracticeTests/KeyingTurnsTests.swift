import Testing

@testable import KochPractice

/// The microphone's turns in a contact: what is heard outside the learner's turns is silence.
@Suite struct KeyingTurnsTests {
    @Test func everythingIsKeyingBeforeAnyTurn() {
        let turns = KeyingTurns()
        #expect(turns.readsKeying(atSeconds: 0))
        #expect(turns.readsKeying(atSeconds: 100))
    }

    @Test func theOtherStationsTurnIsSilencedToTheSample() {
        var turns = KeyingTurns()
        turns.set(readsKeying: false, fromSeconds: 1)
        turns.set(readsKeying: true, fromSeconds: 2.5)
        // Ten samples a second, from 0.5 s to 3.4 s.
        var block = [Float](repeating: 1, count: 30)
        block.withUnsafeMutableBufferPointer { turns.silenceOthersTurns(in: $0, firstSeconds: 0.5, sampleRateHz: 10) }
        #expect(block[0..<5].allSatisfy { $0 == 1 })
        #expect(block[5..<20].allSatisfy { $0 == 0 })
        #expect(block[20...].allSatisfy { $0 == 1 })
    }

    @Test func aTurnGivenAgainReplacesTheLaterOnes() {
        var turns = KeyingTurns()
        turns.set(readsKeying: false, fromSeconds: 1)
        turns.set(readsKeying: true, fromSeconds: 5)
        turns.set(readsKeying: false, fromSeconds: 3)
        #expect(!turns.readsKeying(atSeconds: 6))
        #expect(!turns.readsKeying(atSeconds: 2))
        #expect(turns.readsKeying(atSeconds: 0.5))
    }

    @Test func changesPassedAreForgottenWithoutChangingTheTurn() {
        var turns = KeyingTurns()
        turns.set(readsKeying: false, fromSeconds: 1)
        turns.set(readsKeying: true, fromSeconds: 2)
        var block = [Float](repeating: 1, count: 10)
        block.withUnsafeMutableBufferPointer { turns.silenceOthersTurns(in: $0, firstSeconds: 3, sampleRateHz: 10) }
        #expect(block.allSatisfy { $0 == 1 })
        #expect(turns.readsKeying(atSeconds: 3))
        turns.set(readsKeying: false, fromSeconds: 4)
        #expect(turns.readsKeying(atSeconds: 3.5))
        #expect(!turns.readsKeying(atSeconds: 4.5))
    }
}
