import Foundation

/// Opens a recording with the library that reads it, chosen by the file's content: libsndfile for
/// its formats, FFmpeg for what phones make, and a file that is no recording named for what it is.
public enum RecordingFile {
    public static func open(_ path: String) throws(AudioError) -> any RecordingReader {
        try AudioFileReader.checkReadable(path)
        let head = try Self.head(of: path, byteCount: FileSniffer.headBytes)
        switch FileSniffer.content(ofHead: head) {
        case .notARecording(let what):
            throw .notARecording(path: path, what: what)
        case .phoneAudio:
            return try FFmpegAudioReader(path: path)
        case .soundFile, .unknown:
            do {
                return try AudioFileReader(path: path)
            } catch .unsupportedFormat(let path, let reason) {
                // libsndfile reads Ogg and CAF, but not every codec they carry (an iPhone's CAF holds AAC).
                do {
                    return try FFmpegAudioReader(path: path)
                } catch .notARecording(let path, let what) {
                    throw .notARecording(path: path, what: what)
                } catch {
                    throw .unsupportedFormat(path: path, reason: reason)
                }
            }
        }
    }

    /// What the file is by its first bytes (`FileSniffer`), for a file not opened as a recording
    /// that is to be named for what it is ("a PDF document").
    public static func content(of path: String) throws(AudioError) -> FileSniffer.Content {
        FileSniffer.content(ofHead: try head(of: path, byteCount: FileSniffer.headBytes))
    }

    /// The first `byteCount` bytes of the file (fewer if it is shorter).
    static func head(of path: String, byteCount: Int) throws(AudioError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: "it cannot be opened for reading")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.read(upToCount: byteCount) ?? Data())
        } catch {
            throw .cannotRead(path: path, reason: error.localizedDescription)
        }
    }
}
