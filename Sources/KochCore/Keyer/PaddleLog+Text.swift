import Foundation

extension PaddleLog {
    /// The log in koch's own format (`0.0000 dit down`, one event a line), which `init(text:)` reads
    /// back as the same events: what live practice keeps of a session keyed on a paddle or key.
    public var text: String {
        var lines = ["# time in seconds, then dit, dah or key (a straight key), then down or up; or wpm and the keyer's speed"]
        for event in events {
            let time = String(format: "%.4f", event.seconds)
            switch event.action {
            case let .down(input): lines.append("\(time) \(Self.name(of: input)) down")
            case let .up(input): lines.append("\(time) \(Self.name(of: input)) up")
            case let .wpm(speed): lines.append("\(time) wpm \(speed)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func name(of input: PaddleEvent.Input) -> String {
        switch input {
        case .paddle(.dit): "dit"
        case .paddle(.dah): "dah"
        case .straightKey: "key"
        }
    }
}
