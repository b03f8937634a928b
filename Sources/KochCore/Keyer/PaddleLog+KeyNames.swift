import Foundation

extension PaddleLog.KeyMapping {
    /// A list of key names that cannot say which keys are the paddles.
    public struct Refusal: Error, Equatable, Sendable {
        /// The list as given.
        public let given: String
    }

    /// Reads `dit,dah[,key]`: two or three evtest key names (`KEY_…` or `BTN_…`, in any case),
    /// the dit and dah paddles and optionally a straight key.
    public init(keyNames: String) throws(Refusal) {
        let names = keyNames.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        guard (2...3).contains(names.count), names.allSatisfy({ $0.hasPrefix("KEY_") || $0.hasPrefix("BTN_") }) else {
            throw Refusal(given: keyNames)
        }
        self.init(dit: names[0], dah: names[1], straightKey: names.count == 3 ? names[2] : nil)
    }
}
