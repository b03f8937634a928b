import Foundation

/// Finds a folder koch ships beside its source (`templates`, `data`): in the
/// source tree the executable was built in (walking up from the executable),
/// or in `share/koch/` beside an installed one.
enum ResourceFolder {
    static func locate(_ name: String, containing marker: String) -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? ""
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            for candidate in [folder.appendingPathComponent(name), folder.appendingPathComponent("share/koch/" + name)]
            where FileManager.default.fileExists(atPath: candidate.appendingPathComponent(marker).path) {
                return candidate.path
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
