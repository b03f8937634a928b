import Foundation
import Testing

@testable import KochAudio

/// A file is known by its first bytes: a sound for libsndfile, one for FFmpeg, or something that is no recording.
@Suite struct FileSnifferTests {
    static func bytes(_ text: String, after prefix: [UInt8] = [], padTo count: Int = 64) -> [UInt8] {
        let head = prefix + Array(text.utf8)
        return head + [UInt8](repeating: 0, count: max(0, count - head.count))
    }

    @Test func libsndfilesFormatsAreItsOwn() {
        for magic in ["RIFF\u{24}\u{0}\u{0}\u{0}WAVEfmt ", "fLaC", "OggS", "ID3\u{3}", "FORM\u{0}\u{0}\u{0}\u{0}AIFF"] {
            #expect(FileSniffer.content(ofHead: Self.bytes(magic)) == .soundFile, "\(magic)")
        }
        // An MP3 frame with no tag before it: MPEG-1 layer III.
        #expect(FileSniffer.content(ofHead: [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 60)) == .soundFile)
    }

    @Test func whatPhonesMakeGoesToFFmpeg() {
        let size: [UInt8] = [0, 0, 0, 0x20]
        for brand in ["M4A ", "mp42", "isom", "3gp4", "3gp5", "qt  "] {
            #expect(FileSniffer.content(ofHead: Self.bytes("ftyp" + brand, after: size)) == .phoneAudio, "\(brand)")
        }
        #expect(FileSniffer.content(ofHead: Self.bytes("#!AMR\n")) == .phoneAudio)
        #expect(FileSniffer.content(ofHead: [0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0, count: 60)) == .phoneAudio)
        // AAC in ADTS: the frame sync with the layer bits 00.
        #expect(FileSniffer.content(ofHead: [0xFF, 0xF1, 0x50, 0x80] + [UInt8](repeating: 0, count: 60)) == .phoneAudio)
    }

    @Test func picturesAndDocumentsAreNamed() {
        let cases: [([UInt8], String)] = [
            ([0xFF, 0xD8, 0xFF, 0xE0] + Self.bytes("JFIF"), "a JPEG image"),
            ([0x89] + Self.bytes("PNG\r\n\u{1A}\n"), "a PNG image"),
            (Self.bytes("GIF89a"), "a GIF image"),
            (Self.bytes("ftypheic", after: [0, 0, 0, 0x18]), "a HEIC photo"),
            (Self.bytes("%PDF-1.7\n%"), "a PDF document"),
            (Self.bytes("PK\u{3}\u{4}\u{14}\u{0}mimetypeapplication/vnd.oasis.opendocument.text"), "an OpenDocument text"),
            (Self.bytes("PK\u{3}\u{4}\u{14}\u{0}[Content_Types].xml word/document.xml"), "a Word document"),
            (Self.bytes("PK\u{3}\u{4}\u{14}\u{0}photos/"), "a ZIP archive"),
            ([], "an empty file"),
        ]
        for (head, what) in cases {
            #expect(FileSniffer.content(ofHead: head) == .notARecording(what), "\(what)")
        }
    }

    @Test func textIsNamedAndKochsOwnSheetsAndKeysAreKnown() {
        let cases: [(String, String)] = [
            ("koch answer key: lesson R02-1234\nKoch level 2\n", "the answer sheet koch wrote for a lesson"),
            ("koch send exercise: lesson S02-abcd\n", "the sheet of a send exercise, the groups to key"),
            ("{\n  \"formatVersion\" : 3,\n  \"lessonID\" : \"S02-1\"\n}", "a lesson's answer key (JSON)"),
            ("<!DOCTYPE html>\n<html><title>Level 2: answer sheets</title>", "a page of answer sheets koch wrote"),
            ("\u{FEFF}<html><body>hello</body></html>", "a web page (HTML)"),
            ("KMKKM MMKK KMM é\n", "a text file"),
        ]
        for (text, what) in cases {
            #expect(FileSniffer.content(ofHead: Array(text.utf8)) == .notARecording(what), "\(text)")
        }
        // Cut inside a two-byte character, it is still text.
        #expect(FileSniffer.content(ofHead: Array(Array("KM é".utf8).dropLast())) == .notARecording("a text file"))
    }

    @Test func bytesOfNoKnownKindAreLeftToTheLibraries() {
        #expect(FileSniffer.content(ofHead: (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }) == .unknown)
    }
}
