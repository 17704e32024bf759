//! Decision steps: follow-ups (which `then(NAME)` refers to by index), then the setup.

use super::Lowerer;
use crate::ir::limits::faction_byte;
use crate::ir::{Agent, DecisionStep, Game, StepBody, StepId};
use crate::syntax::ast;

impl Lowerer<'_> {
    /// Lowers the follow-ups, then the setup steps (whose indices the game keeps in order).
    pub(super) fn steps(&mut self, g: &mut Game) {
        let followups = self.m.followups.iter().map(|s| (*s, false));
        let setup = self.m.setup.iter().flat_map(|v| v.iter().map(|s| (s, true)));
        for (s, is_setup) in followups.chain(setup) {
            let agent = self.agent(&s.agent);
            let body = self.step_body(&s.body, g);
            if is_setup {
                g.setup_steps.push(StepId::new(g.steps.len()));
            }
            g.steps.push(DecisionStep { name: s.name.text.clone(), agent, hidden: s.hidden, body });
        }
    }

    /// Who decides: chance, the mover, the opponent, a player, or a counter holding one.
    fn agent(&self, n: &ast::Name) -> Agent {
        match n.text.as_str() {
            "chance" => Agent::Chance,
            "mover" => Agent::Mover,
            "opponent" => Agent::Opponent,
            t => match (self.d.players.iter().position(|x| x == t), self.d.var(t)) {
                (Some(p), _) => Agent::Player(faction_byte(p)),
                (None, Some((slot, false))) => Agent::Var(slot),
                _ => Agent::Mover,
            },
        }
    }

    fn step_body(&mut self, body: &ast::StepBody, g: &mut Game) -> StepBody {
        match body {
            ast::StepBody::Choose(cond, stmts) => StepBody::Choose(self.cond_ids(cond), self.stmts(stmts)),
            ast::StepBody::Outcomes(outs) => StepBody::Outcomes(
                outs.iter()
                    .map(|(n, w, stmts)| {
                        let w = w.as_ref().map(|e| self.t.expr(self.expr(e)));
                        (n.text.clone(), w, self.stmts(stmts))
                    })
                    .collect(),
            ),
            ast::StepBody::Relocate(pat, stmts) => {
                let progs = (0..self.np()).map(|p| vec![self.add_program(g, pat, p)]).collect();
                StepBody::Relocate(progs, self.stmts(stmts))
            }
        }
    }
}
