import KochCore

/// The code table as a tree: from the root, a dit or a dah leads to the
/// node of every pattern one element longer; a node whose pattern is a
/// character carries its text and the price of reading it.
struct CharacterTrie: Sendable {
    struct Node: Sendable {
        /// Children by element: [dit, dah]; -1 where no pattern continues.
        var children: [Int] = [-1, -1]
        var text: String?
        var elements: [Element] = []
        /// Extra cost, in nats, of reading this character (`CharacterPrior`).
        var extraCost = 0.0
    }

    private(set) var nodes: [Node] = [Node()]
    static let root = 0

    /// Every pattern of the table (`MorseAlphabet.readings`) up to `maximumLength` elements.
    init(maximumLength: Int = 9, prior: CharacterPrior = .text) {
        for reading in MorseAlphabet.readings where reading.elements.count <= maximumLength {
            var node = Self.root
            for element in reading.elements {
                let slot = element == .dit ? 0 : 1
                if nodes[node].children[slot] < 0 {
                    nodes[node].children[slot] = nodes.count
                    nodes.append(Node(elements: nodes[node].elements + [element]))
                }
                node = nodes[node].children[slot]
            }
            nodes[node].text = reading.text
            nodes[node].extraCost = prior.extraCost(of: reading.elements)
        }
    }
}
