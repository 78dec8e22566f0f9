//! Finite commutative monoids: the explicit ones a quotient is reported as
//! (a multiplication table), and the products the engine tries on the way
//! (an explicit monoid times free cyclic monoids, never tabulated whole).

/// A finite commutative monoid by its multiplication table. Element 0 is
/// the identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monoid {
    size: usize,
    table: Vec<u32>,
}

impl Monoid {
    /// The monoid of one element.
    pub fn trivial() -> Monoid {
        Monoid {
            size: 1,
            table: vec![0],
        }
    }

    /// The monoid of a table given row by row, refused unless it is square,
    /// closed, commutative, associative and has 0 as its identity: a table
    /// read from elsewhere is checked before anything relies on it.
    pub fn from_table(size: usize, table: Vec<u32>) -> Result<Monoid, String> {
        if size == 0 || size.checked_mul(size) != Some(table.len()) {
            return Err(format!("a table of {size} elements has {size}² entries"));
        }
        if table.iter().any(|&x| x as usize >= size) {
            return Err("an entry names no element".to_string());
        }
        let monoid = Monoid { size, table };
        for a in 0..size as u32 {
            if monoid.product(0, a) != a {
                return Err(format!("element 0 is not the identity: 0·{a}"));
            }
            for b in 0..size as u32 {
                if monoid.product(a, b) != monoid.product(b, a) {
                    return Err(format!("not commutative: {a}·{b}"));
                }
                for c in 0..size as u32 {
                    let left = monoid.product(monoid.product(a, b), c);
                    if left != monoid.product(a, monoid.product(b, c)) {
                        return Err(format!("not associative: ({a}·{b})·{c}"));
                    }
                }
            }
        }
        Ok(monoid)
    }

    /// A table built by this crate from a congruence of a monoid, so
    /// closed, commutative and associative by construction.
    pub(crate) fn from_table_unchecked(size: usize, table: Vec<u32>) -> Monoid {
        debug_assert_eq!(table.len(), size * size);
        Monoid { size, table }
    }

    /// Its number of elements.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The product of two elements.
    pub fn product(&self, a: u32, b: u32) -> u32 {
        self.table[a as usize * self.size + b as usize]
    }

    /// The table, row by row.
    pub fn table(&self) -> &[u32] {
        &self.table
    }

    /// Which elements are products of `generators` (the identity is the
    /// empty product).
    pub fn generated_by(&self, generators: &[u32]) -> Vec<bool> {
        let mut reached = vec![false; self.size];
        reached[0] = true;
        let mut frontier = vec![0u32];
        while let Some(y) = frontier.pop() {
            for &g in generators {
                let z = self.product(y, g);
                if !reached[z as usize] {
                    reached[z as usize] = true;
                    frontier.push(z);
                }
            }
        }
        reached
    }

    /// The index and period of an element's powers: the least `index` and
    /// `period ≥ 1` with `x^(index + period) = x^index`.
    pub fn index_and_period(&self, x: u32) -> (usize, usize) {
        let mut seen = vec![usize::MAX; self.size];
        let mut power = 0u32;
        for exponent in 0.. {
            let at = seen[power as usize];
            if at != usize::MAX {
                return (at, exponent - at);
            }
            seen[power as usize] = exponent;
            power = self.product(power, x);
        }
        unreachable!("a finite monoid repeats a power within its size")
    }
}

/// An explicit monoid times free cyclic monoids ⟨a | a^(t+p) = a^t⟩: the
/// shape the engine tries when a heap does not fit the quotient found so
/// far. Its elements are numbered base first, then each exponent in turn.
#[derive(Debug, Clone)]
pub struct Product<'a> {
    base: &'a Monoid,
    /// Each cyclic factor's index and period.
    cyclic: Vec<(usize, usize)>,
    /// The element number's weight of each factor's exponent.
    weight: Vec<usize>,
    size: usize,
}

impl<'a> Product<'a> {
    /// `base` times the cyclic monoids of the given (index, period)s, or
    /// `None` past `most` elements.
    pub fn new(base: &'a Monoid, cyclic: Vec<(usize, usize)>, most: usize) -> Option<Product<'a>> {
        let mut size = base.size();
        let mut weight = Vec::with_capacity(cyclic.len());
        for &(index, period) in &cyclic {
            weight.push(size);
            size = size.checked_mul(index.checked_add(period)?)?;
        }
        (size <= most && cyclic.iter().all(|&(_, p)| p >= 1)).then_some(Product {
            base,
            cyclic,
            weight,
            size,
        })
    }

    /// Its number of elements.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The element of the base.
    pub fn base(&self, x: u32) -> usize {
        x as usize
    }

    /// The generator of cyclic factor `factor`.
    pub fn generator(&self, factor: usize) -> usize {
        self.weight[factor]
    }

    /// The product of two elements.
    pub fn product(&self, a: usize, b: usize) -> usize {
        let base_size = self.base.size();
        let mut result =
            self.base
                .product((a % base_size) as u32, (b % base_size) as u32) as usize;
        for (factor, &(index, period)) in self.cyclic.iter().enumerate() {
            let length = index + period;
            let weight = self.weight[factor];
            let mut exponent = (a / weight) % length + (b / weight) % length;
            if exponent >= length {
                exponent = index + (exponent - index) % period;
            }
            result += exponent * weight;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cyclic_table(index: usize, period: usize) -> Monoid {
        let trivial = Monoid::trivial();
        let product = Product::new(&trivial, vec![(index, period)], 100).unwrap();
        let size = product.size();
        let table = (0..size * size)
            .map(|i| product.product(i / size, i % size) as u32)
            .collect();
        Monoid::from_table(size, table).unwrap()
    }

    #[test]
    fn a_cyclic_monoid_has_the_index_and_period_it_was_made_with() {
        for (index, period) in [(0, 2), (1, 2), (2, 2), (3, 1), (0, 5)] {
            let monoid = cyclic_table(index, period);
            assert_eq!(monoid.size(), index + period);
            assert_eq!(monoid.index_and_period(1), (index, period));
        }
    }

    #[test]
    fn a_bad_table_is_refused() {
        assert!(Monoid::from_table(2, vec![0, 1, 1, 0]).is_ok());
        assert!(Monoid::from_table(2, vec![0, 1, 1]).is_err());
        assert!(
            Monoid::from_table(2, vec![0, 1, 0, 0]).is_err(),
            "not commutative"
        );
        assert!(
            Monoid::from_table(2, vec![1, 1, 1, 1]).is_err(),
            "no identity"
        );
        // Commutative with identity 0 but not associative.
        let table = vec![0, 1, 2, 1, 2, 2, 2, 2, 1];
        assert!(Monoid::from_table(3, table).is_err());
    }
}
