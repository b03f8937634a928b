import CEvdev
import Foundation

/// The input devices that have a paddle's or a key's keys, and what to tell a user about them.
public enum KeyDevices {
    /// Every `eventN` device under `folder` that has at least one of `codes`, in order of N,
    /// with those that could not be opened (they may have them).
    public static func list(having codes: [UInt16], folder: String = "/dev/input") -> [KeyDeviceListing] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let stable = stablePaths(in: folder + "/by-id")
        return entries.filter { $0.hasPrefix("event") }
            .sorted { (Int($0.dropFirst(5)) ?? Int.max, $0) < (Int($1.dropFirst(5)) ?? Int.max, $1) }
            .compactMap { entry in
                let path = folder + "/" + entry
                return listing(path, stablePath: stable[resolved(path)], codes: codes)
            }
    }

    private static func listing(_ path: String, stablePath: String?, codes: [UInt16]) -> KeyDeviceListing? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let access: KeyDeviceListing.Access =
                errno == EACCES || errno == EPERM ? .permissionDenied : .unreadable(reason: String(cString: strerror(errno)))
            return KeyDeviceListing(path: path, stablePath: stablePath, name: nil, codes: [], access: access)
        }
        defer { close(descriptor) }
        var device: OpaquePointer?
        guard libevdev_new_from_fd(descriptor, &device) == 0, let device else { return nil }
        defer { libevdev_free(device) }
        let has = codes.filter { libevdev_has_event_code(device, UInt32(EV_KEY), UInt32($0)) == 1 }
        guard !has.isEmpty else { return nil }
        let name = libevdev_get_name(device).map { String(cString: $0) }
        return KeyDeviceListing(path: path, stablePath: stablePath, name: name, codes: has, access: .readable)
    }

    /// The links under `by-id`, by the device each points to (the first in order of name).
    private static func stablePaths(in folder: String) -> [String: String] {
        let links = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var paths: [String: String] = [:]
        for link in links {
            let path = folder + "/" + link
            if paths[resolved(path)] == nil { paths[resolved(path)] = path }
        }
        return paths
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// What to tell a user who gave no device: the devices that have the keys, or why none can
    /// be read (the input group), or that none has them.
    public static func text(_ listings: [KeyDeviceListing], codes: [UInt16], folder: String = "/dev/input") -> String {
        let keys = codes.map(KeyCodeNames.label(of:)).joined(separator: ", ")
        let readable = listings.filter { $0.access == .readable }
        let denied = listings.filter { $0.access == .permissionDenied }.count
        let unreadable = listings.count - readable.count - denied
        var lines: [String] = []
        if readable.isEmpty {
            lines.append(
                denied + unreadable == 0 ? "No input device under \(folder) has \(keys)." : "No readable input device under \(folder) has \(keys).")
        } else {
            lines.append("Input devices with \(keys):")
            for device in readable {
                let has = device.codes.map(KeyCodeNames.label(of:)).joined(separator: ", ")
                lines.append("  \(device.path)  \(device.name.map { "\"\($0)\"" } ?? "(no name)")  has \(has)")
                if let stable = device.stablePath { lines.append("      also \(stable)") }
            }
        }
        if denied > 0 {
            lines.append(
                "\(denied) input device\(denied == 1 ? "" : "s") could not be read for lack of permission: \(KeyDeviceError.inputGroupAdvice).")
        }
        if unreadable > 0 { lines.append("\(unreadable) input device\(unreadable == 1 ? "" : "s") could not be read.") }
        lines.append(
            readable.isEmpty
                ? "Plug in the paddle adapter or key, or give a device with --key-device PATH (the names under \(folder)/by-id stay the same)."
                : "Give one with --key-device PATH; the names under \(folder)/by-id stay the same when a device is plugged in again.")
        return lines.joined(separator: "\n")
    }
}
