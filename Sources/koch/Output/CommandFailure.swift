/// A command that cannot do what was asked, for a reason the user can act
/// on; the message is printed as it is.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}
