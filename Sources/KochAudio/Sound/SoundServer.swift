import Foundation

/// The sound server that ALSA's default device goes through on a desktop (PulseAudio, or
/// PipeWire's PulseAudio service), as koch finds it: which one is installed, where it listens,
/// and whether it answers there. Looked for only once sound has failed, to tell a server that is
/// down (which the learner can start) from a computer that has no sound device.
public struct SoundServer: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case pulseAudio
        case pipeWire
    }

    public let kind: Kind
    /// The socket clients reach it by.
    public let socketPath: String
    public let isAnswering: Bool

    public init(kind: Kind, socketPath: String, isAnswering: Bool) {
        self.kind = kind
        self.socketPath = socketPath
        self.isAnswering = isAnswering
    }

    public var name: String {
        switch kind {
        case .pulseAudio: "PulseAudio"
        case .pipeWire: "PipeWire"
        }
    }

    /// How a learner starts it, as their own user.
    public var startCommand: String {
        switch kind {
        case .pulseAudio: "pulseaudio --start"
        case .pipeWire: "systemctl --user start pipewire pipewire-pulse"
        }
    }

    /// The server installed here and whether it answers; nil where none is installed, or where
    /// it is reached other than by a local socket (`PULSE_SERVER` naming another machine), which
    /// koch cannot check. `isInstalled` says whether a program of that name is on the path;
    /// `answers` whether something accepts a connection on a socket.
    public static func find(
        environment: [String: String], userID: UInt32, isInstalled: (String) -> Bool, answers: (String) -> Bool
    ) -> SoundServer? {
        // PipeWire's service replaces PulseAudio where both are installed.
        let kind: Kind
        if isInstalled("pipewire-pulse") {
            kind = .pipeWire
        } else if isInstalled("pulseaudio") {
            kind = .pulseAudio
        } else {
            return nil
        }
        guard let socket = socketPath(environment: environment, userID: userID) else { return nil }
        return SoundServer(kind: kind, socketPath: socket, isAnswering: answers(socket))
    }

    /// Where a PulseAudio client looks: `PULSE_SERVER` when it names a local socket, else the
    /// user's runtime folder; nil for a server elsewhere.
    static func socketPath(environment: [String: String], userID: UInt32) -> String? {
        if let server = environment["PULSE_SERVER"]?.split(separator: " ").first.map(String.init), !server.isEmpty {
            if server.hasPrefix("unix:") { return String(server.dropFirst("unix:".count)) }
            return server.hasPrefix("/") ? server : nil
        }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(userID)"
        return runtime + "/pulse/native"
    }

    /// The server of this machine and process, checked now.
    public static func current() -> SoundServer? {
        let environment = ProcessInfo.processInfo.environment
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return find(
            environment: environment, userID: getuid(),
            isInstalled: { name in folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) } },
            answers: acceptsConnection)
    }

    /// Whether something listens on the Unix socket at `path`.
    static func acceptsConnection(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    /// The server, when one is installed and does not answer: why sound failed.
    public static func down() -> SoundServer? {
        current().flatMap { $0.isAnswering ? nil : $0 }
    }
}
