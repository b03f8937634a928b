import ArgumentParser

@main
struct Koch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koch",
        abstract: "Learn Morse code by the Koch method: lessons as audio files, graded offline.",
        discussion: """
            Start with `koch lesson`: it writes a five-minute lesson (MP3 and an answer \
            key) at your level into ./lessons. Copy it on paper or a keyboard, then grade \
            your copy with `koch grade`.
            """,
        version: "0.1.0",
        subcommands: [
            LessonCommand.self, RenderCommand.self, GradeCommand.self, PracticeCommand.self, StatusCommand.self, ChartCommand.self,
            DecodeCommand.self, PackCommand.self,
            ResetCommand.self, TemplatesCommand.self, KeyerCommand.self, ReportCommand.self, ScheduleCommand.self, ServeCommand.self,
        ]
    )
}
