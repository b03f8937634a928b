/// A command that could not do its work, in a sentence that says what to do: printed as `Error: …`
/// with exit status 1, without the usage a mistyped argument gets (`ValidationError`). As koch's own.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}
