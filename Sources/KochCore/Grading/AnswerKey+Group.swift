extension AnswerKey.Group {
    /// A group of a key, for keys made other than from a lesson (tests,
    /// keys of recorded sending).
    public init(groupNumber number: Int, text: String, startSeconds: Double, endSeconds: Double) {
        self.number = number
        self.text = text
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
    }
}
