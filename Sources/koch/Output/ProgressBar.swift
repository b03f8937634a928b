import Foundation
import KochLessons

/// A one-line progress bar on standard error, redrawn in place: items done
/// of the total, elapsed time and an estimate of the time left. Silent when
/// standard error is not a terminal (a log file, CI).
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let start = Date()
    private let lock = NSLock()
    private var done = 0
    let isShown: Bool

    init(total: Int, label: String, shown: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.label = label
        isShown = shown && total > 0
        draw()
    }

    func advance() {
        lock.lock()
        done += 1
        lock.unlock()
        draw()
    }

    func finish() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private func draw() {
        guard isShown else { return }
        lock.lock()
        let finished = done
        lock.unlock()
        let elapsed = Date().timeIntervalSince(start)
        let width = 24
        let filled = total == 0 ? width : width * finished / total
        var line = "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
        line += "\(finished)/\(total) \(label), \(Self.clock(elapsed)) elapsed"
        if finished > 0 && finished < total {
            line += ", about \(Self.clock(elapsed / Double(finished) * Double(total - finished))) left"
        }
        FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }
}

extension ProgressBar {
    /// A pack's progress drawn as a bar, once the build says how many lessons it makes.
    static func packProgress(label: String) -> PackProgress {
        let bar = LockedBar()
        return PackProgress(
            start: { bar.set(ProgressBar(total: $0, label: label)) }, advance: { bar.current?.advance() },
            finish: { bar.current?.finish() })
    }

    /// The bar a pack's build made, set once and read from any core.
    private final class LockedBar: @unchecked Sendable {
        private let lock = NSLock()
        private var bar: ProgressBar?

        func set(_ bar: ProgressBar) {
            lock.lock()
            self.bar = bar
            lock.unlock()
        }

        var current: ProgressBar? {
            lock.lock()
            defer { lock.unlock() }
            return bar
        }
    }
}
