"""Where each window event goes: the window's own, the hotseat cover, a gesture under way, the widgets, the table.

pygame-gui takes its events first (a widget that wants a key or a click gets it before the table sees it), and the
routing is kept apart from the loop so a reader finds in one place why a click did or did not reach the table.
Also here: the frames on which the widgets need no update or redraw because nothing they show changed.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ..dialogs.widgets import drop_tooltips
from ..table.frame import REPAINT_EVENTS
from .settings import INPUT_EVENTS, LOG_FLUSH_S, MOD_KEYS, UI_EVENTS, UI_IDLE_S

__all__ = ["EventRoutingMixin"]


class EventRoutingMixin:
    """Routes each event of the table window and decides when its widgets can sleep through a frame."""

    def _track_input(self, event: pygame.event.Event) -> None:
        """Keep the pointer, the modifier keys and the keys held down as the events tell them."""
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            self.manager.pointer = self.mouse
        elif et == pygame.KEYDOWN:
            self.mods |= MOD_KEYS.get(event.key, 0)
            self.keys_down.add(event.key)
        elif et == pygame.KEYUP:
            self.mods &= ~MOD_KEYS.get(event.key, 0)
            self.keys_down.discard(event.key)
            if event.key == pygame.K_SPACE:
                self.big_preview = False
        elif et == pygame.WINDOWFOCUSLOST:
            self.mods = 0
            self.keys_down.clear()

    def handle(self, event: pygame.event.Event) -> None:
        """One event: the window's own (quit, resize), the cover, a gesture under way, the widgets, the table."""
        et = event.type
        self._track_input(event)
        if self.editor is not None and et != pygame.QUIT and not self._window_takes(event):
            used = self.editor.handle(event, self._widgets_take(event))
            if not used and et == pygame_gui.UI_WINDOW_CLOSE:
                self.ui_event(event)  # a table window closed under the editor: its owner still lets go of it
            return
        if self._window_takes(event):
            return
        in_gesture = self.press is not None or self.drag is not None or self.box is not None or self.pan_from is not None
        if in_gesture and et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self._widgets_take(event)
            self.table_event(event)
            return
        if et == pygame.MOUSEBUTTONDOWN and self.menu is not None and not self.menu.rect.collidepoint(event.pos):
            self.menu.kill()
            self.menu = None
            if event.button != 1:
                return
        consumed = self._widgets_take(event)
        if et == pygame.KEYDOWN and not consumed and self.dialog_key(event):
            return
        if et >= pygame.USEREVENT or self._is_ui_event(et):
            self.ui_event(event)
            return
        if consumed or self._typing() and et in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return
        if self.source is None:
            return
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._hud_click(event.pos):
            return
        if et == pygame.KEYDOWN:
            self._shortcut_text = str(getattr(event, "unicode", "") or "")
        self.table_event(event)

    def _window_takes(self, event: pygame.event.Event) -> bool:
        """The events the window answers before anything else (quit, resize, the hotseat cover, a shortcut's own
        text); whether it took this one."""
        et = event.type
        if et == pygame.QUIT:
            if self.editor is not None:  # its unsaved changes are asked about first
                self.editor.files.guard(self.close)
            else:
                self.close()
            return True
        if et == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return True
        if et in REPAINT_EVENTS:
            return self.repaint() or True
        if self.cover_seat is not None and et in INPUT_EVENTS:
            # the cover hides the table and every widget under it: a key or a click only lifts it
            if et in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP) and self.source is not None:
                seat, self.cover_seat = self.cover_seat, None
                self.switch_seat(seat)
            return True
        if et == pygame.TEXTINPUT and self._shortcut_text and getattr(event, "text", None) == self._shortcut_text:
            self._shortcut_text = ""
            return True
        if et in (pygame.KEYDOWN, pygame.KEYUP):
            self._shortcut_text = ""
        return False

    def _widgets_take(self, event: pygame.event.Event) -> bool:
        """Offer an event to the widgets; whether one took it. A widget tripping over its own state (a pygame-gui
        bug) costs that one event and the keyboard focus, never the table: the game is not in the widgets."""
        try:
            if event.type == pygame.MOUSEBUTTONDOWN:
                drop_tooltips(self.manager)
            consumed = self.manager.process_events(event)
        except Exception as e:  # any widget failure: nothing of the game's state lives there
            self.manager.set_focus_set(None)
            self.notify(f"A widget could not take that {pygame.event.event_name(event.type)} ({type(e).__name__}: "
                        f"{e}); nothing on the table changed", "warn")
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            el = getattr(event, "ui_element", None)
            if isinstance(el, pygame_gui.elements.UITextEntryLine) and el.alive():
                # a field whose owner re-set its text on Enter (the file dialog) keeps a selection its text no
                # longer has, and the next Delete or Backspace trips over it (pygame-gui 0.6): clear it
                el.select_range = [0, 0]
        return bool(consumed)

    @staticmethod
    def _is_ui_event(et: int) -> bool:
        return et in UI_EVENTS

    def _typing(self) -> bool:
        focus = self.manager.get_focus_set()
        return bool(focus) and any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus)

    def _update_widgets_frame(self) -> None:
        """Per frame: notices age, the log box takes its lines, closed prompts and file dialogs are let go of."""
        self.notices.update()
        if self.side is not None and self.now - self._log_flushed >= LOG_FLUSH_S and self.side.flush_log():
            self._log_flushed = self.now
        if self.prompt is not None and not self.prompt.alive():
            self.prompt = None
        if self.file_dialog is not None and not self.file_dialog.alive():
            self.file_dialog = None

    # The widgets live outside the table's viewport (top bar, side panel) unless a window, menu, notice or tooltip
    # is open over it. When no input reached them and nothing they show changed, their pixels from the last frame
    # are still on the screen (the table is drawn inside its viewport only), so pygame-gui's update and redraw
    # are skipped; a full frame still runs every UI_IDLE_S for anything that moves with time alone.

    def _calm_event(self, event: pygame.event.Event) -> bool:
        """An event that cannot concern a widget: the pointer moving or the wheel turning over the bare table."""
        if event.type == pygame.MOUSEMOTION:
            vp = pygame.Rect(self.camera.viewport)
            return vp.collidepoint(self.mouse) and vp.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            return pygame.Rect(self.camera.viewport).collidepoint(self.mouse)
        return False

    def _quiet_ui(self) -> bool:
        side = self.side
        state = (self.view_key, self.size, side.preview_key if side is not None else None, self.tooltip_for,
                 self.big_preview, self.cover_seat, len(self.notices.items))
        changed = state != self._ui_state
        self._ui_state = state
        if (changed or not self._calm or self.source is None or self.big_preview or self.cover_seat is not None
                or self.now - self._ui_full >= UI_IDLE_S or self._typing() or self._widget_over_table()):
            self._ui_settle = 2  # the next frames are drawn in full too, so lazy widget redraws reach the screen
            self._ui_full = self.now
            return False
        if self._ui_settle > 0:
            self._ui_settle -= 1
            self._ui_full = self.now
            return False
        return True

    def _widget_over_table(self) -> bool:
        vp = pygame.Rect(self.camera.viewport)
        root = self.manager.get_root_container()
        return any(spr is not root and spr.visible and spr.rect.colliderect(vp)
                   for spr in self.manager.get_sprite_group().sprites())
