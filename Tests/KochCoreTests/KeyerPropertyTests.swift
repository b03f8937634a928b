import PropertyBased
import Testing

@testable import KochCore

/// The specification's invariants, checked after every millisecond of random paddle work
/// (`Tick` at 1 ms, as the specification's implementation notes run it).
@Suite struct KeyerPropertyTests {
    /// Random steps: which paddle event (0 dit down, 1 dit up, 2 dah down, 3 dah up), and how
    /// many milliseconds pass before it.
    static let steps = Gen.int(in: 0...3).array(of: 1...60)
    static let waits = Gen.int(in: 1...250).array(of: 60...60)

    struct Run {
        var keyer: IambicKeyer
        var violations: [String] = []
        /// Start times of elements begun from idle (by a paddle pressed), rather than after a gap.
        var startsFromIdle: [Double] = []
    }

    static func run(mode: IambicMode, wpm: Double, events: [Int], waits: [Int]) -> Run {
        var run = Run(keyer: IambicKeyer(wpm: wpm, mode: mode))
        var milliseconds = 0
        func check(_ keyer: IambicKeyer, _ run: inout Run) {
            if keyer.toneActive != (keyer.phase == .playing) { run.violations.append("tone \(keyer.toneActive) in \(keyer.phase) at \(keyer.now)") }
            if keyer.phase == .idle, keyer.toneActive { run.violations.append("tone while idle at \(keyer.now)") }
            if keyer.phase == .playing, keyer.elementStartSeconds > keyer.now + 1e-12 { run.violations.append("element starts after now") }
            if keyer.phase == .gap, keyer.gapStartSeconds > keyer.now + 1e-12 { run.violations.append("gap starts after now") }
        }
        for (event, wait) in zip(events, waits) {
            for _ in 0..<wait {
                milliseconds += 1
                let wasIdle = run.keyer.phase == .idle
                run.keyer.advance(to: Double(milliseconds) / 1000)
                if wasIdle, run.keyer.phase == .playing { run.startsFromIdle.append(run.keyer.elementStartSeconds) }
                check(run.keyer, &run)
            }
            switch event {
            case 0: run.keyer.paddleDown(.dit)
            case 1: run.keyer.paddleUp(.dit)
            case 2: run.keyer.paddleDown(.dah)
            default: run.keyer.paddleUp(.dah)
            }
            check(run.keyer, &run)
        }
        run.keyer.paddleUp(.dit)
        run.keyer.paddleUp(.dah)
        run.keyer.finish(limitSeconds: Double(milliseconds) / 1000 + 5)
        check(run.keyer, &run)
        return run
    }

    @Test(arguments: IambicMode.allCases)
    func eitherModeKeepsEveryInvariantAndCompletesEveryElement(mode: IambicMode) async {
        await propertyCheck(count: 200, input: Self.steps, Self.waits, Gen.int(in: 5...40)) { events, waits, wpm in
            let run = Self.run(mode: mode, wpm: Double(wpm), events: events, waits: waits)
            #expect(run.violations.isEmpty, "\(run.violations.prefix(3))")
            let unit = Timing.unitSeconds(wpm: Double(wpm))
            let elements = run.keyer.elements
            // No element shorter than its length: neither Curtis mode cuts one.
            for element in elements {
                #expect(abs(element.durationSeconds - Double(element.element?.units ?? 0) * unit) < 1e-9)
            }
            // Between elements at least one unit; exactly one unless the keyer went idle in between.
            for (before, after) in zip(elements, elements.dropFirst()) {
                let gap = after.startSeconds - before.endSeconds
                #expect(gap >= unit - 1e-9, "a gap of \(gap) s")
                if !run.startsFromIdle.contains(where: { abs($0 - after.startSeconds) < 1e-9 }) {
                    #expect(abs(gap - unit) < 1e-9, "a gap of \(gap) s between elements that follow on")
                }
            }
            #expect(run.keyer.phase == .idle && !run.keyer.toneActive)
        }
    }

    @Test func modesPartOnlyWhereModeBAddsTheSqueezesAlternateElement() async {
        await propertyCheck(count: 200, input: Self.steps, Self.waits, Gen.int(in: 5...40)) { events, waits, wpm in
            let a = Self.run(mode: .a, wpm: Double(wpm), events: events, waits: waits).keyer.elements
            let b = Self.run(mode: .b, wpm: Double(wpm), events: events, waits: waits).keyer.elements
            let shared = zip(a, b).prefix { $0.element == $1.element && abs($0.startSeconds - $1.startSeconds) < 1e-9 }.count
            // Mode A never keys an element where Mode B keys none: where they part, Mode B
            // keyed the alternate of its element before, one unit after it (the squeeze's memory).
            #expect(shared == a.count || shared < b.count, "Mode A keyed \(a.count), Mode B \(b.count), the same for \(shared)")
            if shared < b.count, shared > 0 {
                let (before, added) = (b[shared - 1], b[shared])
                #expect(added.element != before.element)
                #expect(abs(added.startSeconds - before.endSeconds - Timing.unitSeconds(wpm: Double(wpm))) < 1e-9)
            }
        }
    }
}
