/// Which overs one station keyed and which the other, where two stations take turns at
/// pitches too close to filter apart.
///
/// The rule: the overs fall into two groups such that every over of one group is unlike every
/// over of the other (`OverMeasure.distance` 1 or more: pitch, speed or level out of its
/// tolerance), and the two groups lie further apart than any two overs of one group do (a short
/// over's speed is measured loosely: a group's overs may differ by it, but less than the
/// stations do). Where all overs are alike there is one station; where no two groups keep that
/// rule, the stations cannot be told apart, and no split is made.
enum OverGrouping: Equatable {
    case oneStation
    /// Each over's group, 0 or 1, the group of the first over 0.
    case twoStations([Int])
    case notToldApart

    init(_ overs: [OverMeasure]) {
        let count = overs.count
        let distances = overs.map { over in overs.map(over.distance) }
        guard distances.joined().contains(where: { $0 >= 1 }) else {
            self = .oneStation
            return
        }
        // Complete linkage down to two groups: each merge joins the two groups whose farthest
        // overs lie nearest.
        var groups = (0..<count).map { [$0] }
        func spread(_ a: [Int], _ b: [Int]) -> Double { a.flatMap { i in b.map { distances[i][$0] } }.max() ?? 0 }
        while groups.count > 2 {
            var best = (0, 1, Double.infinity)
            for i in groups.indices {
                for j in groups.indices where j > i {
                    let linkage = spread(groups[i], groups[j])
                    if linkage < best.2 { best = (i, j, linkage) }
                }
            }
            groups[best.0] += groups[best.1]
            groups.remove(at: best.1)
        }
        let within = groups.map { spread($0, $0) }.max() ?? 0
        let between = groups[0].flatMap { i in groups[1].map { distances[i][$0] } }.min() ?? 0
        guard between >= 1, between > within else {
            self = .notToldApart
            return
        }
        let first = groups.firstIndex { $0.contains(0) } ?? 0
        var labels = Array(repeating: 0, count: count)
        for over in groups[1 - first] { labels[over] = 1 }
        self = .twoStations(labels)
    }
}
