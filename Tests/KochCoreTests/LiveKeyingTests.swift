import Foundation
import Testing

@testable import KochCore

/// Live keying at 20 WPM (a unit of 60 ms), run as a sound card's loop runs it: blocks of 64
/// samples at 48 kHz, the events of a block applied before the clock moves to its end.
@Suite struct LiveKeyingTests {
    let unit = 0.06
    let blockSeconds = 64.0 / 48000

    /// Paddle taps for `text`: each element's paddle pressed as the keyer is ready for it and let
    /// go inside the element, three units between characters and seven between words.
    func paddleTaps(_ text: String, startSeconds: Double = 1) -> [PaddleEvent] {
        var events: [PaddleEvent] = []
        var seconds = startSeconds
        for word in text.split(separator: " ") {
            for character in word {
                for element in MorseAlphabet.symbol(for: character)?.elements ?? [] {
                    let paddle: Paddle = element == .dit ? .dit : .dah
                    events.append(PaddleEvent(seconds: seconds + 0.002, action: .down(.paddle(paddle))))
                    events.append(PaddleEvent(seconds: seconds + 0.03, action: .up(.paddle(paddle))))
                    seconds += Double(element.units + 1) * unit
                }
                seconds += 2 * unit
            }
            seconds += 4 * unit
        }
        return events
    }

    struct Run {
        var keying: LiveKeying
        /// Each character with the time it was shown.
        var shown: [(character: LiveKeyedCharacter, atSeconds: Double)] = []
    }

    func run(_ events: [PaddleEvent], wpm: Double = 20, mode: IambicMode = .b) -> Run {
        var run = Run(keying: LiveKeying(wpm: wpm, mode: mode))
        var next = 0
        var blockEnd = 0.0
        let end = (events.last?.seconds ?? 0) + 2
        while blockEnd < end {
            blockEnd += blockSeconds
            while next < events.count, events[next].seconds < blockEnd {
                switch events[next].action {
                case let .down(input): run.keying.press(input, isDown: true, atSeconds: events[next].seconds)
                case let .up(input): run.keying.press(input, isDown: false, atSeconds: events[next].seconds)
                case .wpm: break
                }
                next += 1
            }
            run.shown += run.keying.endedCharacters(atSeconds: blockEnd).map { ($0, blockEnd) }
        }
        return run
    }

    @Test func parisOnPaddlesKeysWhatTheLogKeysAndShowsEachCharacterWithinThreeUnits() throws {
        let events = paddleTaps("PARIS")
        let run = run(events)
        let logged = try PaddleLog(events: events).keying(at: KeyerSpeed(givenWPM: 20), mode: .b).elements
        #expect(run.keying.elements == logged)
        // The log opens with the keyer's speed, then the events as they came.
        #expect(try run.keying.log.events.map(\.action) == [.wpm(20)] + events.map(\.action))
        #expect(run.shown.map { $0.character.text ?? "?" }.joined() == "PARIS")
        for (character, atSeconds) in run.shown {
            #expect(atSeconds <= character.endSeconds + 3 * unit, "\(character.pattern) shown \(atSeconds - character.endSeconds) s after its end")
            #expect(atSeconds > character.endSeconds + 2 * unit, "\(character.pattern) shown before its gap had passed")
        }
        #expect(run.shown.map(\.character.pattern) == [".--.", ".-", ".-.", "..", "..."])
    }

    @Test func aWordSpaceIsMarkedBeforeTheFirstCharacterOfTheNextWord() {
        let shown = run(paddleTaps("PARIS PARIS")).shown.map(\.character)
        #expect(shown.map { $0.text ?? "?" }.joined() == "PARISPARIS")
        #expect(shown.map(\.wordSpaceBefore) == [false, false, false, false, false, true, false, false, false, false])
    }

    /// Dit pressed, the dah squeezed in during the dit, both let go in the middle of the dah.
    func squeezeLetGoDuringTheDah(mode: IambicMode) -> [String] {
        let events = [
            PaddleEvent(seconds: 1.0, action: .down(.paddle(.dit))), PaddleEvent(seconds: 1.02, action: .down(.paddle(.dah))),
            PaddleEvent(seconds: 1.2, action: .up(.paddle(.dit))), PaddleEvent(seconds: 1.2, action: .up(.paddle(.dah))),
        ]
        return run(events, mode: mode).shown.map { $0.character.text ?? "?" }
    }

    @Test func aSqueezeLetGoDuringItsDahIsAInModeAAndRInModeB() {
        #expect(squeezeLetGoDuringTheDah(mode: .a) == ["A"])
        #expect(squeezeLetGoDuringTheDah(mode: .b) == ["R"])
    }

    @Test func aSqueezeDahFirstLetGoDuringItsDitIsNInModeAAndKInModeB() {
        // The dah from 1.0 to 1.18, the dit from 1.24 to 1.30; both paddles let go at 1.27.
        let events = [
            PaddleEvent(seconds: 1.0, action: .down(.paddle(.dah))), PaddleEvent(seconds: 1.02, action: .down(.paddle(.dit))),
            PaddleEvent(seconds: 1.27, action: .up(.paddle(.dit))), PaddleEvent(seconds: 1.27, action: .up(.paddle(.dah))),
        ]
        #expect(run(events, mode: .a).shown.map { $0.character.text ?? "?" } == ["N"])
        #expect(run(events, mode: .b).shown.map { $0.character.text ?? "?" } == ["K"])
    }

    /// A straight key at 13 WPM with a heavy fist (dahs 3.5 units, gaps inside a character 1.2),
    /// read by a session told 20 WPM.
    @Test func aStraightKeysCharactersAreReadAtTheFistsOwnSpeed() {
        let fistUnit = Timing.unitSeconds(wpm: 13)
        var events: [PaddleEvent] = []
        var seconds = 1.0
        for word in ["PARIS", "MORSE"] {
            for character in word {
                for element in MorseAlphabet.symbol(for: character)?.elements ?? [] {
                    let mark = (element == .dit ? 1.0 : 3.5) * fistUnit
                    events += [
                        PaddleEvent(seconds: seconds, action: .down(.straightKey)), PaddleEvent(seconds: seconds + mark, action: .up(.straightKey)),
                    ]
                    seconds += mark + 1.2 * fistUnit
                }
                seconds += 2 * fistUnit
            }
            seconds += 4 * fistUnit
        }
        let run = run(events)
        #expect(run.shown.map { $0.character.text ?? "?" }.joined() == "PARISMORSE")
        #expect(run.shown.map(\.character.wordSpaceBefore).firstIndex(of: true) == 5)
        #expect(abs((run.shown.last?.character.unitSeconds ?? 0) - fistUnit) < 0.25 * fistUnit)
        #expect(run.keying.elements.count == events.count / 2)
    }

    @Test func aPatternThatIsNoCharacterHasNoText() {
        // Eight dahs: no character has that pattern.
        let events = (0..<8).flatMap { index in
            let start = 1 + Double(index) * 4 * unit
            return [PaddleEvent(seconds: start, action: .down(.paddle(.dah))), PaddleEvent(seconds: start + 0.1, action: .up(.paddle(.dah)))]
        }
        let shown = run(events).shown.map(\.character)
        #expect(shown.count == 1)
        #expect(shown.first?.text == nil)
        #expect(shown.first?.pattern == "--------")
    }

    @Test func theToneSoundsExactlyWhileTheKeyerPlays() {
        var keying = LiveKeying(wpm: 20, mode: .b)
        keying.press(.paddle(.dah), isDown: true, atSeconds: 1)
        keying.press(.paddle(.dah), isDown: false, atSeconds: 1.05)
        // Predicted between events, without moving the clock: the dah from 1 to 1.18.
        #expect(keying.toneOn(atSeconds: 1.1))
        #expect(!keying.toneOn(atSeconds: 1.19))
        keying.advance(to: 1.1)
        #expect(keying.isToneOn)
        keying.advance(to: 1.18)
        #expect(!keying.isToneOn)
        keying.press(.straightKey, isDown: true, atSeconds: 1.3)
        #expect(keying.isToneOn)
    }

    @Test func theKeyersPredictedToneIsTheToneItSounds() {
        // Every millisecond of paddle work, the tone predicted 0 to 400 ms ahead (no event between) is the one sounded then.
        var keyer = IambicKeyer(wpm: 20, mode: .b)
        let steps: [(Double, (inout IambicKeyer) -> Void)] = [
            (0.1, { $0.paddleDown(.dit) }), (0.13, { $0.paddleDown(.dah) }), (0.5, { $0.paddleUp(.dit) }), (0.61, { $0.paddleUp(.dah) }),
            (1.0, { $0.paddleDown(.dah) }), (1.4, { $0.paddleUp(.dah) }),
        ]
        for (start, step) in steps {
            keyer.advance(to: start)
            step(&keyer)
            for aheadMilliseconds in stride(from: 0, through: 400, by: 7) {
                let seconds = start + Double(aheadMilliseconds) / 1000
                var sounded = keyer
                sounded.advance(to: seconds)
                #expect(keyer.toneOn(atSeconds: seconds) == sounded.toneActive, "at \(seconds) s")
            }
        }
    }

    @Test func anEmptySessionIsNoLog() {
        let keying = LiveKeying(wpm: 20, mode: .b)
        #expect(throws: PaddleLog.Problem.self) { try keying.log }
    }

    @Test func eachElementAndGapIsTimedAgainstTheStandard() {
        let character = LiveKeyedCharacter(
            text: "A", pattern: ".-",
            elements: [
                KeyedElement(element: nil, startSeconds: 0, durationSeconds: 0.066),
                KeyedElement(element: nil, startSeconds: 0.138, durationSeconds: 0.204),
            ], wordSpaceBefore: false, unitSeconds: 0.06)
        #expect(character.timings(atWPM: 20).map(\.description) == ["dit 1.1 units (1)", "gap 1.2 units (1)", "dah 3.4 units (3)"])
    }
    @Test func theKeysRestFromTheEndOfTheLastElement() {
        var keying = LiveKeying(wpm: 20, mode: .b)
        #expect(keying.restingSinceSeconds == -Double.infinity)
        keying.press(.paddle(.dah), isDown: true, atSeconds: 1)
        keying.advance(to: 1.05)
        #expect(keying.restingSinceSeconds == nil)
        keying.press(.paddle(.dah), isDown: false, atSeconds: 1.1)
        // The dah goes on after the paddle is let go: still keyed.
        keying.advance(to: 1.15)
        #expect(keying.restingSinceSeconds == nil)
        keying.advance(to: 2)
        #expect(keying.restingSinceSeconds.map { abs($0 - (1 + 3 * unit)) < 0.001 } == true)
    }
}
