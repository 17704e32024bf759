//! The `[ai]` table: the search named is one the AI has, the weights are percentages in
//! range, weigh terms the game has and are not all zero; then the settings themselves.

use super::checker::Checker;
use crate::diag::CheckCode;
use crate::ir::{AiSettings, SearchKind, Weights};
use crate::load::{AiValue, Spec};

/// The searches `search` may name.
const SEARCHES: &[(&str, SearchKind)] = &[("alphabeta", SearchKind::AlphaBeta), ("mcts", SearchKind::Mcts)];

impl Checker<'_> {
    /// Checks every entry of `[ai]`.
    pub(super) fn ai(&mut self) {
        let spec = self.spec;
        for e in &spec.ai {
            match &e.value {
                AiValue::Text(s) if !SEARCHES.iter().any(|(n, _)| *n == s.text) => self.err(
                    CheckCode::UnknownSearch,
                    s.span,
                    format!("unknown search `{}`", s.text),
                    "write search = \"alphabeta\" or search = \"mcts\"",
                ),
                AiValue::Number(n, at) if !(0..=Weights::MAX as i64).contains(n) => self.err(
                    CheckCode::AiWeightRange,
                    *at,
                    format!("the weight `{}` is {n}, outside 0 to {}", e.key.text, Weights::MAX),
                    "a weight is a percentage of the term as derived: 100 keeps it, 0 leaves it out",
                ),
                AiValue::Number(..) => self.weighs_something(&e.key),
                AiValue::Text(_) => {}
            }
        }
        let s = settings(spec);
        let w = s.weights;
        let (reserve, advance) = (self.has_reserves().then_some(w.reserve), self.has_advance().then_some(w.advance));
        // The hunt alone says nothing of a level position: it counts only where the file
        // gives it.
        let hunt = (self.has_royal() && spec.ai.iter().any(|e| e.key.text == "hunt")).then_some(w.hunt);
        let weights = [Some(w.material), reserve, Some(w.centre), advance, Some(w.goal), hunt];
        if s.search == SearchKind::AlphaBeta && weights.iter().flatten().all(|&x| x == 0) {
            let at = self.spec.ai.last().map_or(self.spec.origin, |e| e.key.span);
            self.err(
                CheckCode::AiWeightsAllZero,
                at,
                "every weight of [ai] is 0: the evaluation says nothing",
                "keep a weight above 0, or use search = \"mcts\"",
            );
        }
    }

    /// Reports a weight of a term the game does not have.
    fn weighs_something(&mut self, key: &crate::syntax::ast::Name) {
        let why = match key.text.as_str() {
            "reserve" if !self.has_reserves() => "the game has no reserves",
            "advance" if !self.has_advance() => "no piece promotes or has an advance bonus",
            "hunt" if !self.has_royal() => "no piece is royal",
            _ => return,
        };
        self.err(
            CheckCode::AiNothingToWeigh,
            key.span,
            format!("`{}` weighs nothing here: {why}", key.text),
            "leave the weight out",
        );
    }
}

impl Checker<'_> {
    /// Whether the game has reserves (the term `reserve` weighs).
    fn has_reserves(&self) -> bool {
        !self.d.reserves.is_empty()
    }

    /// Whether a piece type is royal (the term `hunt` weighs).
    fn has_royal(&self) -> bool {
        self.spec.pieces.iter().any(|p| p.royal)
    }

    /// Whether a piece promotes or has an advance bonus (the term `advance` weighs).
    fn has_advance(&self) -> bool {
        self.m.pieces.iter().any(|p| !p.promotes.is_empty()) || self.spec.pieces.iter().any(|p| p.advance != 0)
    }
}

/// The AI settings a checked `[ai]` table gives (defaults where it says nothing).
pub(crate) fn settings(spec: &Spec) -> AiSettings {
    let mut s = AiSettings::default();
    for e in &spec.ai {
        match &e.value {
            AiValue::Text(t) => {
                if let Some(&(_, k)) = SEARCHES.iter().find(|(n, _)| *n == t.text) {
                    s.search = k;
                }
            }
            AiValue::Number(n, _) => {
                let v = (*n).clamp(0, Weights::MAX as i64) as u16;
                let w = &mut s.weights;
                match e.key.text.as_str() {
                    "material" => w.material = v,
                    "reserve" => w.reserve = v,
                    "centre" => w.centre = v,
                    "advance" => w.advance = v,
                    "goal" => w.goal = v,
                    "hunt" => w.hunt = v,
                    _ => {}
                }
            }
        }
    }
    s
}
