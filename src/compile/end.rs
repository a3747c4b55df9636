//! Pass 7: the `end` block → [`EndRules`]. Without one: stalemate is a draw and nothing else ends the game.
use super::header::Header;
use super::pieces::PieceNames;
use super::Diags;
use crate::dsl::ast::{EndItem, Outcome};
use crate::rules::{BareKing, EndRules, Repetition, StalemateResult};

pub fn resolve_end(head: &Header, names: &PieceNames, d: &mut Diags) -> Option<EndRules> {
    let mut end = EndRules {
        stalemate: StalemateResult::Draw,
        repetition: None,
        move_limit: None,
        resets_clock: Vec::new(),
        bare_king_loses: None,
        insufficient_material: Vec::new(),
    };
    for item in head.end.iter().flatten() {
        match item {
            EndItem::Stalemate(o) => {
                end.stalemate = match o.value {
                    Outcome::Win => StalemateResult::Win,
                    Outcome::Draw => StalemateResult::Draw,
                    Outcome::Loss => StalemateResult::Loss,
                }
            }
            EndItem::Repetition {
                count,
                perpetual_check_loses,
            } => {
                if !(2..=255).contains(&count.value) {
                    d.error(
                        count.span,
                        format!("a repetition count is 2 to 255, not {}", count.value),
                    );
                } else {
                    end.repetition = Some(Repetition {
                        count: count.value as u8,
                        perpetual_check_loses: *perpetual_check_loses,
                    });
                }
            }
            EndItem::MoveLimit { plies, reset_by } => {
                if plies.value == 0 {
                    d.error(
                        plies.span,
                        "a move limit of 0 plies would end every game at once",
                    );
                }
                end.move_limit = Some(plies.value);
                end.resets_clock = reset_by
                    .iter()
                    .filter_map(|n| names.resolve(n, d))
                    .collect();
            }
            EndItem::BareKing {
                hand_must_be_empty, ..
            } => {
                end.bare_king_loses = Some(BareKing {
                    hand_must_be_empty: *hand_must_be_empty,
                })
            }
            EndItem::InsufficientMaterial(sets) => {
                for set in sets {
                    let ids: Vec<_> = set
                        .value
                        .iter()
                        .filter_map(|n| names.resolve(n, d))
                        .collect();
                    end.insufficient_material.push(ids);
                }
            }
        }
    }
    Some(end)
}
