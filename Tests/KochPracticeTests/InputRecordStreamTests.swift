import CEvdev
import Testing

@testable import KochPractice

@Suite struct InputRecordStreamTests {
    static func record(_ type: Int32, _ code: Int32, _ value: Int32, atSeconds seconds: Double) -> [UInt8] {
        InputRecord(seconds: seconds, type: UInt16(type), code: UInt16(code), value: value).bytes
    }

    @Test func recordsSplitAnywhereAreReadWhole() throws {
        let bytes =
            Self.record(EV_KEY, KEY_LEFTCTRL, 1, atSeconds: 5.25) + Self.record(EV_SYN, SYN_REPORT, 0, atSeconds: 5.25)
            + Self.record(EV_KEY, KEY_LEFTCTRL, 0, atSeconds: 5.5)
        for cut in [1, 7, 23, 24, 25, 47, 60] {
            var stream = InputRecordStream(stamping: .recordTime)
            let events =
                try stream.events(from: bytes.prefix(cut), receivedSeconds: 0) + stream.events(from: bytes.dropFirst(cut), receivedSeconds: 0)
            #expect(events == [KeyEvent(seconds: 5.25, code: 29, isDown: true), KeyEvent(seconds: 5.5, code: 29, isDown: false)], "cut at \(cut)")
        }
    }

    @Test func autoRepeatAndOtherEventsAreLeftOut() throws {
        var stream = InputRecordStream(stamping: .onReceipt)
        let bytes =
            Self.record(EV_KEY, KEY_SPACE, 1, atSeconds: 0) + Self.record(EV_KEY, KEY_SPACE, 2, atSeconds: 0)
            + Self.record(EV_MSC, MSC_SCAN, 44, atSeconds: 0) + Self.record(EV_KEY, KEY_SPACE, 0, atSeconds: 0)
        #expect(try stream.events(from: bytes, receivedSeconds: 7).map(\.isDown) == [true, false])
        #expect(try stream.events(from: [], receivedSeconds: 8).isEmpty)
    }

    @Test func lostEventsLetGoOfEveryHeldKeyAndSkipToTheNextReport() throws {
        var stream = InputRecordStream(stamping: .recordTime)
        let bytes =
            Self.record(EV_KEY, KEY_LEFTCTRL, 1, atSeconds: 1) + Self.record(EV_KEY, KEY_RIGHTCTRL, 1, atSeconds: 1.1)
            + Self.record(EV_SYN, SYN_DROPPED, 0, atSeconds: 1.2) + Self.record(EV_KEY, KEY_SPACE, 1, atSeconds: 1.3)
            + Self.record(EV_SYN, SYN_REPORT, 0, atSeconds: 1.3) + Self.record(EV_KEY, KEY_SPACE, 1, atSeconds: 1.4)
        #expect(
            try stream.events(from: bytes, receivedSeconds: 0) == [
                KeyEvent(seconds: 1, code: 29, isDown: true), KeyEvent(seconds: 1.1, code: 97, isDown: true),
                KeyEvent(seconds: 1.2, code: 29, isDown: false), KeyEvent(seconds: 1.2, code: 97, isDown: false),
                KeyEvent(seconds: 1.4, code: 57, isDown: true),
            ])
    }

    @Test func aFileKeepsItsSpacingFromTheMomentItWasOpened() throws {
        var stream = InputRecordStream(stamping: .replay(openedSeconds: 100))
        let bytes = Self.record(EV_KEY, KEY_SPACE, 1, atSeconds: 1_700_000_000.5) + Self.record(EV_KEY, KEY_SPACE, 0, atSeconds: 1_700_000_000.625)
        #expect(try stream.events(from: bytes, receivedSeconds: 3).map(\.seconds) == [100, 100.125])
    }

    @Test func bytesThatAreNoInputEventsAreRefusedAtTheFirstRecord() throws {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<(24 * 40)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var stream = InputRecordStream(stamping: .replay(openedSeconds: 0))
        #expect(throws: InputRecordStream.NotInputEvents.self) { try stream.events(from: random, receivedSeconds: 0) }
        var keyed = InputRecordStream(stamping: .recordTime)
        let bad = Self.record(EV_KEY, KEY_SPACE, 1, atSeconds: 1) + Self.record(EV_KEY, KEY_SPACE, 7, atSeconds: 1.1)
        #expect(throws: InputRecordStream.NotInputEvents.self) { try keyed.events(from: bad, receivedSeconds: 0) }
    }
}
