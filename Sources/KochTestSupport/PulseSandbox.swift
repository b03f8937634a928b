import Foundation

/// One PulseAudio server with a null sink `koch`, for tests: paced like a sound card, what it
/// plays recordable from its monitor, and killable mid-session (a device lost). Runs as root,
/// as CI does; clients need no cookie. Reached by `environment`; ALSA's `pulse` device (from
/// libasound2-plugins) is it for any process whose `PULSE_SERVER` names it.
public final class PulseSandbox: @unchecked Sendable {
    public let folder: String
    /// `PULSE_SERVER`'s value: the server's socket.
    public let server: String
    private let lock = NSLock()
    private var processID: pid_t?
    private let removingFolder: Bool

    /// Starts the server (`pulseaudio`, package pulseaudio) and waits for its socket.
    init(folder: String, removingFolder: Bool) throws {
        self.folder = folder
        self.removingFolder = removingFolder
        let runtime = folder + "/run"
        server = "unix:" + runtime + "/pulse/native"
        try? FileManager.default.removeItem(atPath: runtime)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "pcm.!default { type pulse }\nctl.!default { type pulse }\n".write(toFile: folder + "/.asoundrc", atomically: true, encoding: .utf8)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        daemon.arguments = [
            "pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit", "-n", "--load=module-native-protocol-unix auth-anonymous=1",
            "--load=module-null-sink sink_name=koch",
        ]
        daemon.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        daemon.waitUntilExit()
        guard daemon.terminationStatus == 0, let text = try? String(contentsOfFile: runtime + "/pulse/pid", encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw Failure(description: "PulseAudio did not start (scripts/install-deps --test installs it)") }
        processID = pid
        try waitUntilAnswering()
    }

    /// Waits (up to 20 s, for a busy machine) until the server answers a client, its sink and
    /// monitor loaded: a daemon's start can return before then.
    private func waitUntilAnswering() throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            probe.arguments = ["pactl", "list", "short", "sources"]
            probe.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let output = Pipe()
            probe.standardOutput = output
            probe.standardError = FileHandle.nullDevice
            try probe.run()
            let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            if probe.terminationStatus == 0, listed.contains("koch.monitor") { return }
            usleep(100_000)
        }
        throw Failure(description: "PulseAudio started but did not answer within 20 s")
    }

    deinit {
        stop()
    }

    /// HOME, XDG_RUNTIME_DIR and PULSE_SERVER for a process that plays through this server.
    public var environment: [String: String] {
        ["HOME": folder, "XDG_RUNTIME_DIR": folder + "/run", "PULSE_SERVER": server]
    }

    /// Kills the server at once, as a sound server that dies or a device unplugged.
    public func kill() {
        end(graceful: false)
    }

    /// Stops the server and waits until it has gone, and removes the folder the sandbox made.
    public func stop() {
        end(graceful: true)
    }

    private func end(graceful: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if let processID {
            self.processID = nil
            // A server started from a test thread may have SIGTERM blocked: SIGKILL if it stays.
            if !graceful || !Self.signal(processID, SIGTERM, waitingSeconds: 1) {
                _ = Self.signal(processID, SIGKILL, waitingSeconds: 2)
            }
        }
        if graceful && removingFolder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Sends `signal` and waits up to `waitingSeconds` for the process to be gone.
    private static func signal(_ processID: pid_t, _ signal: Int32, waitingSeconds: Double) -> Bool {
        guard Foundation.kill(processID, signal) == 0 else { return true }
        let deadline = Date().addingTimeInterval(waitingSeconds)
        while Date() < deadline {
            if Foundation.kill(processID, 0) != 0 { return true }
            usleep(10_000)
        }
        return false
    }

    /// Starts recording the sink's monitor (what is played to it), Float32 mono at 48 kHz.
    public func recordMonitor() throws -> MonitorRecording {
        try MonitorRecording(sandbox: self, path: folder + "/monitor-\(UUID().uuidString).raw")
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}

/// `parec` recording a PulseAudio sandbox's monitor into a file until stopped.
public final class MonitorRecording: @unchecked Sendable {
    public let path: String
    private let process = Process()

    init(sandbox: PulseSandbox, path: String) throws {
        self.path = path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "parec", "-d", "koch.monitor", "--raw", "--format=float32le", "--rate=\(SoundSandbox.sampleRateHz)", "--channels=1", "--latency-msec=20",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Stops recording and returns what was recorded.
    public func stop() -> [Float] {
        if process.isRunning {
            // parec may inherit a test thread's blocked SIGTERM; it writes what it records at once.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return SoundSandbox.floats(fromRaw: FileManager.default.contents(atPath: path) ?? Data())
    }
}
