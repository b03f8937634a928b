import Testing

@testable import KochCore

/// Each behaviour of the specification's keyer, at 20 WPM (a unit of 60 ms).
@Suite struct KeyerScenarioTests {
    let unit = 0.06

    /// Runs `steps` (a time, then what happens then) and lets the keyer finish.
    func keyed(mode: IambicMode = .b, _ steps: [(Double, (inout IambicKeyer) -> Void)]) -> [KeyedElement] {
        var keyer = IambicKeyer(wpm: 20, mode: mode)
        for (seconds, step) in steps {
            keyer.advance(to: seconds)
            step(&keyer)
        }
        keyer.finish(limitSeconds: 30)
        return keyer.elements
    }

    func pattern(_ elements: [KeyedElement]) -> String { String(elements.compactMap { $0.element?.rawValue }) }

    @Test func aDitHeldGivesDitsOneUnitApart() {
        let elements = keyed([(0, { $0.paddleDown(.dit) }), (1.0, { $0.paddleUp(.dit) })])
        // A dit and its gap every two units: starts at 0, 0.12, ... 0.96; the last completes after the release (Mode B).
        #expect(pattern(elements) == String(repeating: ".", count: 9))
        for (index, element) in elements.enumerated() {
            #expect(abs(element.startSeconds - Double(index) * 2 * unit) < 1e-9)
            #expect(abs(element.durationSeconds - unit) < 1e-9)
        }
    }

    @Test func aSqueezeAlternatesDitFirst() {
        let elements = keyed([
            (
                0,
                {
                    $0.paddleDown(.dah)
                    $0.paddleDown(.dit)
                }
            ),
            (
                1.0,
                {
                    $0.paddleUp(.dit)
                    $0.paddleUp(.dah)
                }
            ),
        ])
        #expect(pattern(elements).hasPrefix(".-.-"), "\(pattern(elements))")
        #expect(zip(elements, elements.dropFirst()).allSatisfy { $0.element != $1.element })
    }

    @Test func aDahTappedDuringADitPlaysNext() {
        // Dit pressed and let go; the dah paddle touched and let go while the dit sounds.
        let elements = keyed([
            (0, { $0.paddleDown(.dit) }), (0.01, { $0.paddleUp(.dit) }), (0.02, { $0.paddleDown(.dah) }),
            (0.04, { $0.paddleUp(.dah) }),
        ])
        #expect(pattern(elements) == ".-")
        #expect(abs(elements[1].startSeconds - 2 * unit) < 1e-9, "one unit after the dit")
    }

    @Test(arguments: IambicMode.allCases)
    func lettingGoMidElementCompletesItInEitherMode(mode: IambicMode) {
        let elements = keyed(mode: mode, [(0, { $0.paddleDown(.dah) }), (0.1, { $0.paddleUp(.dah) })])
        #expect(pattern(elements) == "-" && abs(elements[0].durationSeconds - 3 * unit) < 1e-9)
    }

    /// The squeeze table of Curtis Mode A and B as WinKeyer and transceivers key them (K. Fischer,
    /// DJ5IL, "All about squeeze-keying", cq-cq.eu; K1EL's WinKeyer datasheet, "Iambic A/B"):
    /// let go of a squeeze, Mode A stops after the element sounding, Mode B adds the alternate
    /// element the squeeze left in memory.
    struct Squeeze: Sendable, CustomTestStringConvertible {
        let first: Paddle
        /// When both paddles are let go, in seconds (the first element starts at 0).
        let releaseSeconds: Double
        let modeA: String
        let modeB: String
        var testDescription: String { "\(first) first, let go at \(releaseSeconds) s" }
    }

    static let squeezes = [
        // Dit 0–0.06 s, dah 0.12–0.30 s; the dah paddle pressed 0.02 s after the dit's.
        Squeeze(first: .dit, releaseSeconds: 0.04, modeA: ".-", modeB: ".-"),
        Squeeze(first: .dit, releaseSeconds: 0.2, modeA: ".-", modeB: ".-."),
        // Dah 0–0.18 s, dit 0.24–0.30 s.
        Squeeze(first: .dah, releaseSeconds: 0.1, modeA: "-.", modeB: "-."),
        Squeeze(first: .dah, releaseSeconds: 0.27, modeA: "-.", modeB: "-.-"),
    ]

    @Test(arguments: squeezes)
    func lettingGoOfASqueezeKeysAsCurtisAAndB(squeeze: Squeeze) {
        let steps: [(Double, (inout IambicKeyer) -> Void)] = [
            (0, { $0.paddleDown(squeeze.first) }), (0.02, { $0.paddleDown(squeeze.first.opposite) }),
            (
                squeeze.releaseSeconds,
                {
                    $0.paddleUp(.dit)
                    $0.paddleUp(.dah)
                }
            ),
        ]
        for (mode, expected) in [(IambicMode.a, squeeze.modeA), (.b, squeeze.modeB)] {
            let elements = keyed(mode: mode, steps)
            #expect(pattern(elements) == expected, "Mode \(mode.rawValue)")
            #expect(elements.allSatisfy { abs($0.durationSeconds - Double($0.element?.units ?? 0) * unit) < 1e-9 }, "every element whole")
        }
    }

    @Test func aPaddlePressedDuringTheGapIsNotLatched() {
        // The specification latches the opposite paddle only while an element sounds.
        let elements = keyed([
            (0, { $0.paddleDown(.dit) }), (0.01, { $0.paddleUp(.dit) }), (0.07, { $0.paddleDown(.dah) }),
            (0.09, { $0.paddleUp(.dah) }),
        ])
        #expect(pattern(elements) == ".")
    }

    @Test func aChangeOfSpeedAppliesFromTheNextElement() {
        var keyer = IambicKeyer(wpm: 20, mode: .b)
        keyer.paddleDown(.dah)
        keyer.advance(to: 0.05)
        let accepted = keyer.setWPM(10)
        let refused = keyer.setWPM(41)
        #expect(accepted)
        #expect(!refused, "outside 5 to 40 WPM is refused")
        keyer.advance(to: 0.5)
        keyer.paddleUp(.dah)
        keyer.finish(limitSeconds: 5)
        #expect(abs(keyer.elements[0].durationSeconds - 3 * 0.06) < 1e-9, "the dah sounding keeps its length")
        #expect(abs(keyer.elements[1].durationSeconds - 3 * 0.12) < 1e-9, "the next is at the new speed")
    }

    @Test func bothPaddlesPressedInOneInstantOfALogStartWithADit() throws {
        let log = try PaddleLog(text: "0.100 dah down\n0.100 dit down\n0.400 dit up\n0.400 dah up\n")
        #expect(pattern(log.keyed(wpm: 20, mode: .b)).hasPrefix(".-"))
    }

    @Test func paddlesStillHeldWhenTheLogEndsAreLetGoThere() throws {
        // The log ends 0.05 s into the second dit: it completes, and nothing follows.
        let log = try PaddleLog(text: "0.000 dit down\n0.170 dit down\n")
        #expect(pattern(log.keyed(wpm: 20, mode: .b)) == "..")
        #expect(throws: PaddleLog.Problem.self) { try PaddleLog(text: "0 wpm nan\n0.1 dit down\n") }
        #expect(throws: PaddleLog.Problem.self) { try PaddleLog(text: "0 wpm 40.4\n0.1 dit down\n") }
    }

    @Test func aStraightKeyIsKeyedAsItWasPressed() throws {
        let log = try PaddleLog(text: "0.10 key down\n0.25 key up\n0.40 key down\n0.43 key up\n")
        #expect(log.isStraightKey)
        let elements = log.keyed(wpm: 20, mode: .b)
        #expect(elements.map(\.durationSeconds).map { ($0 * 1000).rounded() } == [150, 30])
        #expect(elements.allSatisfy { $0.element == nil })
    }

    @Test func anEvtestLogIsReadWithItsKeyMapping() throws {
        let text = """
            Input driver version is 1.0.1
            Event: time 1700000000.100000, type 4 (EV_MSC), code 4 (MSC_SCAN), value 700e0
            Event: time 1700000000.100000, type 1 (EV_KEY), code 29 (KEY_LEFTCTRL), value 1
            Event: time 1700000000.100000, -------------- SYN_REPORT ------------
            Event: time 1700000000.600000, type 1 (EV_KEY), code 29 (KEY_LEFTCTRL), value 2
            Event: time 1700000000.650000, type 1 (EV_KEY), code 29 (KEY_LEFTCTRL), value 0
            Event: time 1700000000.700000, type 1 (EV_KEY), code 97 (KEY_RIGHTCTRL), value 1
            Event: time 1700000000.750000, type 1 (EV_KEY), code 97 (KEY_RIGHTCTRL), value 0
            """
        let log = try PaddleLog(text: text)
        #expect(log.events.map(\.seconds).map { ($0 * 1000).rounded() } == [0, 550, 600, 650])
        #expect(log.events.first?.action == .down(.paddle(.dit)))
        #expect(throws: PaddleLog.Problem.self) { try PaddleLog(text: text, mapping: .init(dit: "KEY_A", dah: "KEY_B")) }
    }

    @Test func aLineThatIsNoEventIsNamed() {
        #expect(throws: PaddleLog.Problem(line: 2, reason: "\"sideways\" is not down or up.")) {
            try PaddleLog(text: "0.1 dit down\n0.2 dit sideways\n")
        }
        #expect(throws: PaddleLog.Problem.self) { try PaddleLog(text: "0.5 dit down\n0.2 dit up\n") }
        #expect(throws: PaddleLog.Problem.self) { try PaddleLog(text: "# nothing\n") }
    }
}
