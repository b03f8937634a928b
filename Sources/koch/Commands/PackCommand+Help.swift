import ArgumentParser

extension PackCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Make a lesson pack for a class: lessons, answer sheets, playlists, an index and a manifest.",
        discussion: """
            One folder a level (or a learner, with --roster), each with its lessons (MP3, \
            and WAV if asked), their answer keys, playlist.m3u in lesson order, and \
            sheets.html to print (numbered boxes to copy into, then the keys for the \
            teacher). At the top: index.html with links to everything, and manifest.json \
            with every file's size and SHA-256 (check it with `koch pack --verify DIR`).

            The same command and seed make the same pack, byte for byte, whatever --jobs \
            is, when SOURCE_DATE_EPOCH gives the time stamps (else they are the time the \
            pack was begun). An interrupted pack is finished by running the same command \
            again: complete files are kept, the rest is made, and the seed and time stamp \
            are the pack's. --shard K/N makes the K-th of N disjoint parts (for several \
            machines or processes: give each the same --seed and SOURCE_DATE_EPOCH); the \
            run that completes the pack writes the manifest.

            Examples:
              koch pack --levels 2-26 --per-level 5 --out pack
              koch pack --levels 2-10 --per-level 3 --format both --seed 7 --out week1
              koch pack --roster class.csv --per-level 2 --out class
              koch pack --roster class.csv --direction send --out class-send
                  send exercises at each learner's send level, sheets to key from
              koch pack --levels 2-26 --seed 7 --out pack --shard 2/4
              koch pack --verify pack
              koch pack --levels 2-10 --keys separate --out week1
                  the keys in week1/teacher/, not linked from the learners' index
              koch pack --levels 2-8 --per-level 3 --speak after --spell phonetic --out car
                  lessons for the car: every answer said after it is sent

            A roster is one learner a line: `name, level` or `name, path/to/progress.json` \
            (a path relative to the roster's folder); lessons are then made at each \
            learner's level (their send level with --direction send), with their weak \
            characters coming up more often, in a folder learner-NAME (the name in plain \
            ASCII: Anna Müller is learner-anna-muller). A line with a level starts the \
            learner's progress file at that level, progress/NAME.json beside the roster \
            (or in --progress-dir), where koch grade --pack records their returns; a file \
            already there is used as it stands, never overwritten (a direction with no start \
            and no session in it is started). A roster's pack keeps \
            its answer keys in teacher/ (--keys separate) unless you give --keys beside.

              koch pack --roster class.csv --progress-dir progress-files --out week1
            """
    )
}
