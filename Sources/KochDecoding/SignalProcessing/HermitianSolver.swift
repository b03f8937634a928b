/// Solves A·x = b for a Hermitian positive-definite A (a least-squares fit's
/// normal equations) by its Cholesky factor A = L·Lᴴ, then forward and back
/// substitution. Factored once, it solves for any number of right-hand sides.
/// Small systems only (a few hundred unknowns): factoring takes the cube of
/// their number.
struct HermitianSolver {
    /// L, lower triangular with a real positive diagonal, row by row.
    private let lower: [[ComplexValue]]

    /// The factor of A, given row by row (n × n; only its lower triangle is read); nil where A
    /// is not positive definite (a pivot not above zero) or not square.
    init?(_ matrix: [[ComplexValue]]) {
        let n = matrix.count
        guard matrix.allSatisfy({ $0.count == n }) else { return nil }
        var lower = [[ComplexValue]](repeating: [ComplexValue](repeating: .zero, count: n), count: n)
        for row in 0..<n {
            for column in 0...row {
                var sum = matrix[row][column]
                for k in 0..<column { sum -= lower[row][k] * lower[column][k].conjugate }
                if row == column {
                    guard sum.real > 0, sum.real.isFinite else { return nil }
                    lower[row][row] = ComplexValue(real: sum.real.squareRoot())
                } else {
                    lower[row][column] = sum / lower[column][column].real
                }
            }
        }
        self.lower = lower
    }

    /// x with A·x = b; b must have A's size.
    func solve(_ rhs: [ComplexValue]) -> [ComplexValue] {
        let n = lower.count
        precondition(rhs.count == n, "the right-hand side has \(rhs.count) values for \(n) unknowns")
        // L·y = b, then Lᴴ·x = y.
        var y = [ComplexValue](repeating: .zero, count: n)
        for row in 0..<n {
            var sum = rhs[row]
            for k in 0..<row { sum -= lower[row][k] * y[k] }
            y[row] = sum / lower[row][row].real
        }
        var x = [ComplexValue](repeating: .zero, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = y[row]
            for k in (row + 1)..<n { sum -= lower[k][row].conjugate * x[k] }
            x[row] = sum / lower[row][row].real
        }
        return x
    }
}
