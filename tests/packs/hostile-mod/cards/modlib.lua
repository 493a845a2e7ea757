-- hostile-mod helpers: whatever a helper returns becomes a global of scripts, but it may
-- not replace a built-in or an API module (a mod must not change what the base game's
-- scripts call): a helper exporting `tostring` is refused at load
-- (sandbox_09_a_helper_may_not_shadow_a_global).
return {
  mod_constant = 7,
}
