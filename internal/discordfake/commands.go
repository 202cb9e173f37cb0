package discordfake

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// commandScope checks the {app} (and {guild}) of a command route and
// returns the guild id ("" for global commands).
func (s *Server) commandScope(w http.ResponseWriter, r *http.Request) (string, bool) {
	if r.PathValue("app") != s.opts.ApplicationID {
		s.breach(Breach{Rule: RuleUnknownResource, Detail: "commands of application " + r.PathValue("app") + ", but the bot is " + s.opts.ApplicationID, Request: reqName(r)})
		writeError(w, http.StatusForbidden, 50001, "Missing Access", nil)
		return "", false
	}
	gid := r.PathValue("guild")
	if gid != "" {
		s.mu.Lock()
		e := s.guildLocked(r, routeOf(r))
		s.mu.Unlock()
		if e != nil {
			e.write(w)
			return "", false
		}
	}
	return gid, true
}

// commandsLocked returns the command list of a scope.
func (s *Server) commandsLocked(guildID string) []*discordgo.ApplicationCommand {
	if guildID == "" {
		return s.globalCmds
	}
	return s.guildCmds[guildID]
}

func (s *Server) setCommandsLocked(guildID string, cmds []*discordgo.ApplicationCommand) {
	if guildID == "" {
		s.globalCmds = cmds
	} else {
		s.guildCmds[guildID] = cmds
	}
	s.changedLocked()
}

// decodeCommands reads a body holding one command or a list of them.
func (s *Server) decodeCommands(w http.ResponseWriter, r *http.Request, list bool) ([]*discordgo.ApplicationCommand, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<20))
	if err != nil {
		s.malformed(w, r, "", err)
		return nil, false
	}
	var cmds []*discordgo.ApplicationCommand
	if list {
		err = json.Unmarshal(body, &cmds)
	} else {
		var c discordgo.ApplicationCommand
		err = json.Unmarshal(body, &c)
		cmds = []*discordgo.ApplicationCommand{&c}
	}
	if err != nil {
		s.malformed(w, r, "", err)
		return nil, false
	}
	for i, c := range cmds {
		if c == nil {
			s.malformed(w, r, "", fmt.Errorf("command %d is null", i))
			return nil, false
		}
		if c.Type == 0 {
			c.Type = discordgo.ChatApplicationCommand
		}
	}
	return cmds, true
}

// stampLocked stamps a validated command with the ids Discord
// assigns. A command keeps its id when its name and type survive an
// overwrite, as on Discord.
func (s *Server) stampLocked(guildID string, c *discordgo.ApplicationCommand, existing []*discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	c = cloneCommand(c)
	c.ID = ""
	for _, old := range existing {
		if old.Name == c.Name && old.Type == c.Type {
			c.ID = old.ID
		}
	}
	if c.ID == "" {
		c.ID = s.newID()
	}
	c.ApplicationID = s.opts.ApplicationID
	c.GuildID = guildID
	c.Version = s.newID()
	return c
}

func (s *Server) handleListCommands(w http.ResponseWriter, r *http.Request) {
	gid, ok := s.commandScope(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	cmds := s.commandsLocked(gid)
	s.mu.Unlock()
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	writeJSON(w, http.StatusOK, cmds)
}

// handleBulkOverwrite is PUT .../commands: the list replaces every command
// of the scope. One bad command rejects the whole request and leaves the
// old commands in place.
func (s *Server) handleBulkOverwrite(w http.ResponseWriter, r *http.Request) {
	gid, ok := s.commandScope(w, r)
	if !ok {
		return
	}
	cmds, ok := s.decodeCommands(w, r, true)
	if !ok {
		return
	}
	if vs := checkCommands(cmds); len(vs) > 0 {
		s.reject(w, r, "", vs)
		return
	}
	s.mu.Lock()
	old := s.commandsLocked(gid)
	stored := make([]*discordgo.ApplicationCommand, len(cmds))
	for i, c := range cmds {
		stored[i] = s.stampLocked(gid, c, old)
	}
	s.setCommandsLocked(gid, stored)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, stored)
}

// handleCreateCommand is POST .../commands: a command with the name and
// type of an existing one replaces it.
func (s *Server) handleCreateCommand(w http.ResponseWriter, r *http.Request) {
	gid, ok := s.commandScope(w, r)
	if !ok {
		return
	}
	cmds, ok := s.decodeCommands(w, r, false)
	if !ok {
		return
	}
	s.mu.Lock()
	all := slices.Clone(s.commandsLocked(gid))
	s.mu.Unlock()
	c := cmds[0]
	replaced := slices.IndexFunc(all, func(o *discordgo.ApplicationCommand) bool { return o.Name == c.Name && o.Type == c.Type })
	if replaced >= 0 {
		all[replaced] = c
	} else {
		all = append(all, c)
	}
	if vs := checkCommands(all); len(vs) > 0 {
		s.reject(w, r, "", vs)
		return
	}
	s.mu.Lock()
	cur := slices.Clone(s.commandsLocked(gid))
	st := s.stampLocked(gid, c, cur)
	if i := slices.IndexFunc(cur, func(o *discordgo.ApplicationCommand) bool { return o.ID == st.ID }); i >= 0 {
		cur[i] = st
	} else {
		cur = append(cur, st)
	}
	s.setCommandsLocked(gid, cur)
	s.mu.Unlock()
	status := http.StatusCreated
	if replaced >= 0 {
		status = http.StatusOK
	}
	writeJSON(w, status, st)
}

// commandByID finds a command of the scope, answering 404 itself.
func (s *Server) commandByID(w http.ResponseWriter, r *http.Request, gid string) (int, []*discordgo.ApplicationCommand, bool) {
	s.mu.Lock()
	cur := slices.Clone(s.commandsLocked(gid))
	s.mu.Unlock()
	i := slices.IndexFunc(cur, func(o *discordgo.ApplicationCommand) bool { return o.ID == r.PathValue("cmd") })
	if i < 0 {
		s.unknown(w, r, RuleUnknownResource, "", 10063, "Unknown application command")
		return 0, nil, false
	}
	return i, cur, true
}

func (s *Server) handleGetCommand(w http.ResponseWriter, r *http.Request) {
	gid, ok := s.commandScope(w, r)
	if !ok {
		return
	}
	if i, cur, ok := s.commandByID(w, r, gid); ok {
		writeJSON(w, http.StatusOK, cur[i])
	}
}

// handleEditCommand is PATCH .../commands/{cmd}; discordgo sends the whole
// command, so the fake replaces it.
func (s *Server) handleEditCommand(w http.ResponseWriter, r *http.Request) {
	gid, ok := s.commandScope(w, r)
	if !ok {
		return
	}
	i, cur, ok := s.commandByID(w, r, gid)
	if !ok {
		return
	}
	cmds, ok := s.decodeCommands(w, r, false)
	if !ok {
		return
	}
	edited := cmds[0]
	edited.Type = cur[i].Type
	cur[i] = edited
	if vs := checkCommands(cur); len(vs) > 0 {
		s.reject(w, r, "", vs)
		return
	}
	s.mu.Lock()
	st := s.stampLocked(gid, edited, nil)
	st.ID = r.PathValue("cmd")
	cur[i] = st
	s.setCommandsLocked(gid, cur)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) handleDeleteCommand(w http.ResponseWriter, r *http.Request) {
	gid, ok := s.commandScope(w, r)
	if !ok {
		return
	}
	i, cur, ok := s.commandByID(w, r, gid)
	if !ok {
		return
	}
	s.mu.Lock()
	s.setCommandsLocked(gid, slices.Delete(cur, i, i+1))
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// cloneCommand deep-copies a command through JSON, so callers never share
// the stored definition.
func cloneCommand(c *discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	b, err := json.Marshal(c)
	if err != nil {
		panic("discordfake: marshal command: " + err.Error())
	}
	var out discordgo.ApplicationCommand
	if err := json.Unmarshal(b, &out); err != nil {
		panic("discordfake: unmarshal command: " + err.Error())
	}
	return &out
}

func cloneCommands(cs []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	out := make([]*discordgo.ApplicationCommand, len(cs))
	for i, c := range cs {
		out[i] = cloneCommand(c)
	}
	return out
}

// GlobalCommands returns copies of the bot's registered global commands,
// localizations included.
func (s *Server) GlobalCommands() []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return cloneCommands(s.globalCmds)
}

// GuildCommands returns copies of the bot's commands registered for a guild.
func (s *Server) GuildCommands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return cloneCommands(s.guildCmds[guildID])
}

// Command returns a copy of the chat-input command a user in the guild
// sees under name (guild commands first, then global), or nil.
func (s *Server) Command(guildID, name string) *discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.findCommandLocked(guildID, name); c != nil {
		return cloneCommand(c)
	}
	return nil
}
