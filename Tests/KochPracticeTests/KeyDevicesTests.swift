import Foundation
import Testing

@testable import KochPractice

@Suite struct KeyDevicesTests {
    let codes: [UInt16] = [29, 97, 57]

    @Test func aFolderWithoutInputDevicesListsNone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-devices-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A FIFO and a file named as devices are not input devices: libevdev cannot read them.
        #expect(mkfifo(folder + "/event0", 0o600) == 0)
        #expect(FileManager.default.createFile(atPath: folder + "/event1", contents: Data([1, 2, 3])))
        #expect(KeyDevices.list(having: codes, folder: folder).isEmpty)
        #expect(KeyDevices.list(having: codes, folder: folder + "/missing").isEmpty)
    }

    @Test func theTextNamesEachDeviceWithItsKeysAndStableName() {
        let listing = KeyDeviceListing(
            path: "/dev/input/event5", stablePath: "/dev/input/by-id/usb-Vail_Adapter-event-kbd", name: "Vail Adapter", codes: [29, 97],
            access: .readable)
        let text = KeyDevices.text([listing], codes: codes)
        #expect(text.contains("/dev/input/event5  \"Vail Adapter\"  has KEY_LEFTCTRL, KEY_RIGHTCTRL"))
        #expect(text.contains("also /dev/input/by-id/usb-Vail_Adapter-event-kbd"))
        #expect(text.contains("--key-device PATH"))
        #expect(!text.contains("input group"))
    }

    @Test func whenNoneCanBeReadTheTextNamesTheInputGroup() {
        let denied = KeyDeviceListing(path: "/dev/input/event2", stablePath: nil, name: nil, codes: [], access: .permissionDenied)
        let text = KeyDevices.text([denied], codes: codes)
        #expect(text.hasPrefix("No readable input device under /dev/input has KEY_LEFTCTRL, KEY_RIGHTCTRL, KEY_SPACE."))
        #expect(
            text.contains(
                "1 input device could not be read for lack of permission: add yourself to the input group: sudo usermod -aG input $USER, then log out and in."
            ))
    }

    @Test func whenThereIsNoneTheTextSaysSo() {
        let text = KeyDevices.text([], codes: codes)
        #expect(text.hasPrefix("No input device under /dev/input has KEY_LEFTCTRL"))
        #expect(text.contains("/dev/input/by-id"))
        #expect(!text.contains("input group"))
    }
}
