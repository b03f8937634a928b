import KochClass

extension GradeRefusalText {
    /// Why a contact answered is not graded (`QSOGrading.Refusal`), the overs read from `source`.
    func failure(_ refusal: QSOGrading.Refusal, source: String) -> CommandFailure {
        switch refusal {
        case .notAContact:
            return CommandFailure(
                description:
                    "\(keyPath) is not the key of a contact to answer: grade a send exercise's log with --events alone, and a copy with --transcript."
            )
        case let .nothingSent(overs, outside):
            let elsewhere =
                outside > 0 ? " (\(outside) characters were keyed outside them, while the other station sent or after the contact)" : ""
            return nothingRecorded(
                "\(source): nothing was keyed in the \(overs) pauses left for your overs\(elsewhere), so there is nothing of yours to grade.",
                then:
                    "Its times must count from the start of the lesson (the sheet, NAME.sheet.txt, says when each pause begins); key your overs into the pauses."
            )
        case let .lesson(refused):
            return failure(refused)
        }
    }
}
