extension CharacterDrill {
    /// The drill's keying as it was read and judged live, as a decoder's output, for the grade to
    /// be the one the drill showed: each attempt a character of its own word (a group of one),
    /// its marks the elements its pattern says, and the gaps inside it. The gaps between attempts
    /// are the learner's wait for the next character shown, not their rhythm, and are left out.
    public var reading: DecoderOutput {
        var output = DecoderOutput()
        for attempt in attempts {
            let elements = attempt.pattern.compactMap(Element.init(rawValue:))
            guard let first = attempt.marks.first, let last = attempt.marks.last else { continue }
            output.characters.append(
                DecodedCharacter(
                    text: attempt.text ?? "*", elements: elements, startSeconds: first.startSeconds, endSeconds: last.endSeconds,
                    startsWord: !output.characters.isEmpty, isAmbiguous: false))
            for (mark, element) in zip(attempt.marks, elements) {
                output.elements.append(TimedElement(element: element, startSeconds: mark.startSeconds, durationSeconds: mark.durationSeconds))
            }
            for (before, after) in zip(attempt.marks, attempt.marks.dropFirst()) {
                output.gaps.append(
                    TimedGap(gap: .intraCharacter, startSeconds: before.endSeconds, durationSeconds: after.startSeconds - before.endSeconds))
            }
        }
        return output
    }

    /// Whether an electronic keyer made every mark keyed (paddles), rather than the learner's hand.
    public var marksAreTheKeyers: Bool {
        attempts.contains { !$0.marks.isEmpty } && attempts.allSatisfy { $0.marks.allSatisfy { $0.element != nil } }
    }
}
