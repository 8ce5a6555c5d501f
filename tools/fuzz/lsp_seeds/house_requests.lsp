Content-Length: 92

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{}}}Content-Length: 52

{"jsonrpc":"2.0","method":"initialized","params":{}}Content-Length: 993

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml","languageId":"yaml","version":1,"text":"# A house sheet at 15mm: the ACW sheet with facts written in the other inch spellings and the\n# figure scale named from the spec's own scale. house-28mm converts it.\nqrs: 1\nextends: rff/acw-2.1-15mm\nid: house-15mm\nsubtitle: House rules at 15mm\nsources:\n  - { id: house, title: House rules }\nerrata:\n  - { id: h1, doc: house, text: The figure scale is named from the spec's scale., covers: [game_scale/figures, game_scale/skirmish_ground, game_scale/column_gap, game_scale/pace] }\ntables:\n  - id: game_scale\n    items:\n      - { id: figures, text: \"Figures: {scale.figures}\" }\n      - { id: skirmish_ground, add: true, value: 1 inch, text: \"skirmish ground: 10 yards\" }\n      - { id: column_gap, add: true, value: 1 1/2\", text: gap between columns }\n      - { id: pace, add: true, value: 3 in, text: a pace of march }\n"}}}Content-Length: 155

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml"},"position":{"line":12,"character":10}}}Content-Length: 159

{"jsonrpc":"2.0","id":3,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml"},"position":{"line":3,"character":12}}}Content-Length: 159

{"jsonrpc":"2.0","id":4,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml"},"position":{"line":12,"character":4}}}Content-Length: 160

{"jsonrpc":"2.0","id":5,"method":"textDocument/references","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml"},"position":{"line":12,"character":10}}}Content-Length: 162

{"jsonrpc":"2.0","id":6,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml"},"position":{"line":0,"character":0}}}Content-Length: 183

{"jsonrpc":"2.0","id":20,"method":"textDocument/rename","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml"},"position":{"line":12,"character":10},"newName":"scale_of_game"}}Content-Length: 1003

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml","version":2},"contentChanges":[{"text":"# A house sheet at 15mm: the ACW sheet with facts written in the other inch spellings and the\n# figure scale named from the spec's own scale. house-28mm converts it.\nqrs: 1\nextends: rff/acw-2.1-15mm\nid: house-15mm\nsubtitle: House rules at 15mm\nsources:\n  - { id: house, title: House rules }\nerrata:\n  - { id: h1, doc: house, text: The figure scale is named from the spec's scale., covers: [game_scale/figures, game_scale/skirmish_ground, game_scale/column_gap, game_scale/pace] }\ntables:\n  - id: game_scale\n    items:\n      - { id: figures, text: \"Figures: {scale.figures}\" }\n      - { id: skirmish_ground, add: true, value: 1 inch, text: \"skirmish ground: 10 yards\" }\n      - { id: column_gap, add: true, value: 1 1/2\", text: gap between columns }\n      - { id: pace, add: true, value: 3 in, text: a pace of march }\n\n  - {"}]}}Content-Length: 160

{"jsonrpc":"2.0","id":21,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///ws/house-15mm.yaml"},"position":{"line":18,"character":5}}}Content-Length: 45

{"jsonrpc":"2.0","id":90,"method":"shutdown"}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}