/// The code table as a tree: from the root, a dit or a dah leads to the
/// node of every pattern one element longer; a node whose pattern is a
/// character carries its text and the price of reading it.
struct CharacterTrie: Sendable {
    struct Node: Sendable {
        /// Children by element: [dit, dah]; -1 where no pattern continues.
        var children: [Int] = [-1, -1]
        var text: String?
        var elements: [Element] = []
        /// Extra cost, in nats, of reading this character (digits, punctuation and prosigns are rarer).
        var extraCost = 0.0
    }

    private(set) var nodes: [Node] = [Node()]
    static let root = 0

    init(maximumLength: Int = 6, nonLetterCost: Double = 1.0) {
        let all = MorseAlphabet.patterns.map { (String($0.key), $0.value) } + MorseAlphabet.prosigns.map { ($0.key, $0.value) }
        for (text, pattern) in all where pattern.count <= maximumLength {
            let elements = pattern.compactMap(Element.init(rawValue:))
            var node = Self.root
            for element in elements {
                let slot = element == .dit ? 0 : 1
                if nodes[node].children[slot] < 0 {
                    nodes[node].children[slot] = nodes.count
                    nodes.append(Node(elements: nodes[node].elements + [element]))
                }
                node = nodes[node].children[slot]
            }
            // A pattern shared by a character and a prosign reads as the character.
            guard nodes[node].text == nil || text.count == 1 else { continue }
            nodes[node].text = MorseAlphabet.text(for: elements) ?? text
            let isLetter = text.count == 1 && text.first?.isLetter == true
            nodes[node].extraCost = isLetter ? 0 : nonLetterCost
        }
    }

    func child(of node: Int, _ element: Element) -> Int {
        nodes[node].children[element == .dit ? 0 : 1]
    }
}
