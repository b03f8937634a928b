import Foundation
import Testing

@testable import KochCore
@testable import KochDecoding

/// Telling the tone's marks from talk's by the phase an oscillator that runs on between
/// marks comes back with.
@Suite struct TonePhaseTests {
    static let offsetHz = 0.7

    /// A mark of the tone at `seconds`: level 1, turning at `offsetHz`, at `phase` radians
    /// more than a tone that ran on would have.
    static func toneMark(atSeconds seconds: Double, phaseRadians: Double = 0, level: Double = 1) -> TonePhase.Mark {
        let angle = 2 * Double.pi * offsetHz * seconds + 0.4 + phaseRadians
        return TonePhase.Mark(timeSeconds: seconds, real: level * cos(angle), imaginary: level * sin(angle), offsetHz: offsetHz)
    }

    /// A phase that has heard `count` of the tone's marks, 0.3 s apart from 0.5 s.
    static func learned(_ count: Int = 12) -> TonePhase {
        var phase = TonePhase()
        for index in 0..<count {
            let verdict = phase.judge(toneMark(atSeconds: 0.5 + 0.3 * Double(index)), offPitch: false, markLevel: 1, judges: true).isTone
            #expect(verdict)
        }
        return phase
    }

    @Test func aMarkAtTheTonesPhaseIsKeptWhenTalkBentItsPitch() {
        var phase = Self.learned()
        // 2 s after the last mark (a word's gap), talk over it: louder, 20° off, its pitch read as another.
        let mark = Self.toneMark(atSeconds: 5.8, phaseRadians: 20 * Double.pi / 180, level: 1.3)
        let verdict = phase.judge(mark, offPitch: true, markLevel: 1, judges: true).isTone
        #expect(verdict)
    }

    @Test func aMarkAtTheTonesPitchButAnotherPhaseIsTalk() {
        var phase = Self.learned()
        // Each between marks of the tone (three in a row at another phase would start the phase afresh).
        for (index, turnDegrees) in [90.0, 180.0, -120.0].enumerated() {
            let seconds = 5.0 + 0.6 * Double(index)
            let talk = phase.judge(
                Self.toneMark(atSeconds: seconds, phaseRadians: turnDegrees * Double.pi / 180), offPitch: false, markLevel: 1, judges: true
            ).isTone
            #expect(!talk, "\(turnDegrees)°")
            let tone = phase.judge(Self.toneMark(atSeconds: seconds + 0.3), offPitch: false, markLevel: 1, judges: true).isTone
            #expect(tone)
        }
        // Talk weaker than the tone, bent off the pitch, at the tone's phase by chance: not the tone.
        let weakTalk = phase.judge(Self.toneMark(atSeconds: 7.0, level: 0.6), offPitch: true, markLevel: 1, judges: true).isTone
        #expect(!weakTalk)
    }

    @Test func untilTalkIsHeardThePitchAloneJudges() {
        var phase = Self.learned()
        let verdict = phase.judge(Self.toneMark(atSeconds: 5.0, phaseRadians: Double.pi), offPitch: false, markLevel: 1, judges: false).isTone
        #expect(verdict)
        let offPitch = phase.judge(Self.toneMark(atSeconds: 5.3), offPitch: true, markLevel: 1, judges: false).isTone
        #expect(!offPitch)
    }

    @Test func aToneWhosePhaseRestartsAtEachMarkIsJudgedByItsPitch() {
        var phase = TonePhase()
        var random = SeededGenerator(seed: 3)
        for index in 0..<40 {
            let mark = Self.toneMark(atSeconds: 0.5 + 0.3 * Double(index), phaseRadians: Double.random(in: 0..<(2 * Double.pi), using: &random))
            let verdict = phase.judge(mark, offPitch: false, markLevel: 1, judges: true).isTone
            #expect(verdict, "mark \(index)")
        }
    }

    @Test func aPhaseThatMovedIsLearnedAgain() {
        var phase = Self.learned()
        // The oscillator restarted: from 5 s every mark is half a turn on.
        let verdicts = (0..<12).map { index in
            phase.judge(Self.toneMark(atSeconds: 5.0 + 0.3 * Double(index), phaseRadians: Double.pi), offPitch: false, markLevel: 1, judges: true)
                .isTone
        }
        #expect(verdicts.prefix(TonePhase.unforetoldToRelearn - 1).allSatisfy { !$0 })
        #expect(verdicts.dropFirst(TonePhase.unforetoldToRelearn - 1).allSatisfy { $0 })
    }

    @Test func aMarkThatMayStandAloneMustAgreeClosely() {
        var phase = Self.learned()
        let loose = phase.judge(
            Self.toneMark(atSeconds: 5.0, phaseRadians: 25 * Double.pi / 180), offPitch: false, markLevel: 1, judges: true, mayStandAlone: true)
        #expect(loose.isTone && !loose.agreesClosely)
        let close = phase.judge(
            Self.toneMark(atSeconds: 5.3, phaseRadians: 10 * Double.pi / 180), offPitch: false, markLevel: 1, judges: true, mayStandAlone: true)
        #expect(close.isTone && close.agreesClosely)
        // Loose marks do not teach: three in a row 30° on leave the phase where the tone's marks put it.
        for index in 0..<3 {
            _ = phase.judge(
                Self.toneMark(atSeconds: 5.6 + 0.3 * Double(index), phaseRadians: 30 * Double.pi / 180), offPitch: false, markLevel: 1,
                judges: true, mayStandAlone: true)
        }
        let atThePhase = phase.judge(Self.toneMark(atSeconds: 6.8), offPitch: false, markLevel: 1, judges: true, mayStandAlone: true)
        #expect(atThePhase.agreesClosely)
    }
}
