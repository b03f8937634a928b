import Foundation
import KochCore
import KochIO

/// Checks a finished pack against its manifest.
public enum PackVerification {
    /// Every file of the manifest: present, same SHA-256. Returns how many files were
    /// checked; nil when the folder holds no manifest (it is no finished pack).
    /// Throws `PackError.verificationFailed` naming every file that is missing or changed.
    public static func verify(_ root: String) throws -> Int? {
        guard let manifest = try PackManifest.read(inPack: root) else { return nil }
        var problems: [String] = []
        for file in manifest.files {
            let path = root + "/" + file.path
            guard FileManager.default.fileExists(atPath: path) else {
                problems.append("missing: \(file.path)")
                continue
            }
            if try FileChecksum.sha256Hex(ofFile: path) != file.sha256 { problems.append("changed: \(file.path)") }
        }
        guard problems.isEmpty else { throw PackError.verificationFailed(root: root, problems: problems) }
        return manifest.files.count
    }
}
