import CEvdev
import Foundation
import KochAudio
import Testing

@testable import KochPractice

/// Key devices as tests and scripts give them: FIFOs and files of `input_event` records.
@Suite struct KeyDeviceTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-keys-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static func key(_ code: Int32, _ value: Int32, atSeconds seconds: Double = 0) -> [UInt8] {
        InputRecord(seconds: seconds, type: UInt16(EV_KEY), code: UInt16(code), value: value).bytes
            + InputRecord(seconds: seconds, type: UInt16(EV_SYN), code: 0, value: 0).bytes
    }

    /// Writes each step's bytes into the FIFO at its time after opening it, in a thread of its own.
    static func write(_ steps: [(seconds: Double, bytes: [UInt8])], to path: String) {
        Thread.detachNewThread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            let start = MonotonicClock.seconds()
            for step in steps {
                let wait = step.seconds - (MonotonicClock.seconds() - start)
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                _ = step.bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            }
            close(descriptor)
        }
    }

    /// Every event until the device ends. The wait for each is long: on a loaded machine the
    /// writer's thread can be late to run, and a late event is not a lost one.
    static func readAll(_ device: KeyDevice) -> [KeyEvent] {
        var events: [KeyEvent] = []
        while true {
            let result = Result { () throws(KeyDeviceError) -> KeyEvent? in try device.next(timeoutSeconds: 30) }
            switch result {
            case let .success(event?): events.append(event)
            case .success(nil):
                Issue.record("no event within 30 s")
                return events
            case .failure(.ended): return events
            case let .failure(error):
                Issue.record("\(error)")
                return events
            }
        }
    }

    @Test func aFIFOsRecordsAreKeysDownAndUpSpacedAsWrittenAndItsWriterClosingEndsIt() throws {
        let path = folder + "/event0"
        #expect(mkfifo(path, 0o600) == 0)
        let device = try KeyDevice(path: path)
        #expect(device.name == nil)
        #expect(device.kind == .fifo)
        let upRecord = Self.key(KEY_LEFTCTRL, 0)
        Self.write(
            [
                (0.05, Self.key(KEY_LEFTCTRL, 1)), (0.10, Self.key(KEY_LEFTCTRL, 2)), (0.15, Self.key(KEY_LEFTCTRL, 2)),
                // A record split across two writes is read whole.
                (0.25, Array(upRecord.prefix(10))), (0.26, Array(upRecord.dropFirst(10))),
                (0.45, Self.key(KEY_RIGHTCTRL, 1)), (0.60, Self.key(KEY_RIGHTCTRL, 0)),
            ], to: path)
        let events = Self.readAll(device)
        #expect(events.map(\.code) == [29, 29, 97, 97])
        #expect(events.map(\.isDown) == [true, false, true, false])
        let spacings = zip(events, events.dropFirst()).map { $1.seconds - $0.seconds }
        for (spacing, written) in zip(spacings, [0.21, 0.2, 0.15]) {
            #expect(abs(spacing - written) < 0.03, "\(spacing) s where \(written) s was written")
        }
    }

    @Test func aFIFOsRecordsTimedOnTheMonotonicClockKeepTheirTimesThoughWrittenAtOnce() throws {
        let path = folder + "/event0"
        #expect(mkfifo(path, 0o600) == 0)
        let device = try KeyDevice(path: path)
        let ahead = MonotonicClock.seconds() + 1
        Self.write(
            [(0.05, Self.key(KEY_LEFTCTRL, 1, atSeconds: ahead) + Self.key(KEY_LEFTCTRL, 0, atSeconds: ahead + 0.06))], to: path)
        let events = Self.readAll(device)
        #expect(events.count == 2)
        for (event, written) in zip(events, [ahead, ahead + 0.06]) {
            #expect(abs(event.seconds - written) < 0.001, "\(event.seconds) s where \(written) s was written")
        }
    }

    @Test func aFIFOWithoutAWriterYetTimesOutRatherThanEnding() throws {
        let path = folder + "/waiting"
        #expect(mkfifo(path, 0o600) == 0)
        let device = try KeyDevice(path: path)
        let start = MonotonicClock.seconds()
        #expect(try device.next(timeoutSeconds: 0.1) == nil)
        #expect(MonotonicClock.seconds() - start >= 0.09)
    }

    @Test func aFileOfRecordsIsReadAtOnceWithItsOwnSpacing() throws {
        let path = folder + "/keys.bin"
        let bytes =
            Self.key(KEY_SPACE, 1, atSeconds: 1000.25) + Self.key(KEY_SPACE, 2, atSeconds: 1000.5) + Self.key(KEY_SPACE, 0, atSeconds: 1000.75)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let before = MonotonicClock.seconds()
        let device = try KeyDevice(path: path)
        #expect(device.kind == .file)
        let events = Self.readAll(device)
        #expect(MonotonicClock.seconds() - before < 0.5)
        #expect(events.map(\.code) == [57, 57])
        #expect(abs(events[1].seconds - events[0].seconds - 0.5) < 1e-5)
        #expect(abs(events[0].seconds - before) < 0.5, "the first record falls when the file was opened")
    }

    @Test func aMissingPathIsNotFound() {
        #expect(throws: KeyDeviceError.notFound(folder + "/event9")) { try KeyDevice(path: folder + "/event9") }
    }

    @Test func aFolderOrAnotherDeviceIsNotAKeyDevice() {
        #expect(throws: KeyDeviceError.notAKeyDevice(folder)) { try KeyDevice(path: folder) }
        #expect(throws: KeyDeviceError.notAKeyDevice("/dev/null")) { try KeyDevice(path: "/dev/null") }
    }

    @Test(.enabled(if: getuid() != 0, "root reads a file whatever its permissions"))
    func anUnreadableFileIsPermissionDenied() throws {
        let path = folder + "/locked"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0]))
        #expect(throws: KeyDeviceError.permissionDenied(path)) { try KeyDevice(path: path) }
    }

    @Test func eachMessageNamesThePathAndPermissionNamesTheInputGroup() {
        let path = "/dev/input/event3"
        let errors: [KeyDeviceError] = [
            .notFound(path), .permissionDenied(path), .notAKeyDevice(path), .ended(path), .readFailed(path, reason: "I/O error"),
        ]
        #expect(errors.allSatisfy { $0.description.hasPrefix(path + ": ") })
        let permission = KeyDeviceError.permissionDenied(path).description
        #expect(permission.contains("input group: sudo usermod -aG input $USER, then log out and in"))
        #expect(KeyDeviceError.notFound(path).description.contains("/dev/input/by-id"))
    }
}
