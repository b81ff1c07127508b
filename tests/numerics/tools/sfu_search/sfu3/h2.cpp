#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <string>
#include <algorithm>
#include <fgtlm/numerics/sfu.hpp>
#include <fgtlm/numerics/fpu.hpp>
#include "sfu_tables.hpp"
namespace nx = fgtlm::numerics; using fgtlm::isa::Rounding; using namespace fgtlm::numerics::detail;
using i128=__int128;
constexpr int KS=90;
struct V { int P1=0,P2=0,tz=0,sqk=99,sumP=0,om=2,off=0,sqo=0; }; // truncations: weight 2^-P (0 none); tz: 1 trunc toward zero instead of floor; sqk: keep top k bits of xl for square
static i128 trunc_to(i128 v,int P,bool tz){ if(P<=0) return v; int sh=KS-P; if(sh<=0) return v; if(tz&&v<0){ return -(((-v)>>sh)<<sh);} return (v>>sh)<<sh; }
static uint32_t packv(i128 S,int e2,int mode){ // value S*2^e2
  if(S<=0) return 0; int top=126; while(!((S>>top)&1)) --top; int e=top+e2; uint32_t sig;
  int sh=top-23; sig=(uint32_t)(S>>sh); i128 rem=S&((((i128)1)<<sh)-1); i128 half=((i128)1)<<(sh-1);
  bool G=(rem>>(sh-1))&1, R=sh>=2&&((rem>>(sh-2))&1); bool up=false;
  if(mode==0) up=rem>half||(rem==half&&(sig&1)); else if(mode==2) up=G&&(R||(sig&1)); else if(mode==3) up=G; else if(mode==4) up= G&&(R|| (sig&1)) ; 
  if(up&&++sig==0x1000000u){sig>>=1;++e;}
  int be=e+127; if(be<=0) return 0; if(be>=255) return 0x7f800000u; return ((uint32_t)be<<23)|(sig&0x7fffff);}
template<size_t N> static i128 evalS(const std::array<QuadCoeffs,N>& rom,int idx,const QuadGrid& g,int m,uint32_t f,const V& v){
  int L=23-m; int64_t xl=f&((1<<L)-1); const auto& c=rom[idx];
  int64_t xs=xl; int dropped=0; if(v.sqk<L){dropped=L-v.sqk; xs=xl>>dropped;}
  i128 x2=(i128)xs*xs; x2<<= 2*dropped; if(v.sqo>0){x2=(x2>>v.sqo)<<v.sqo;}
  i128 t0=(i128)c.c0<<(KS-g.c0_frac);
  i128 t1=((i128)c.c1*xl)<<(KS-g.c1_frac-23);
  i128 t2=((i128)c.c2*x2)<<(KS-g.c2_frac-46);
  t1=trunc_to(t1,v.P1,v.tz); t2=trunc_to(t2,v.P2,v.tz);
  return trunc_to(t0+t1+t2+((i128)v.off<<(KS-34)),v.sumP,false);}
static uint32_t rcpv(uint32_t x,const V& v){ int e=(int)((x>>23)&255)-127; uint32_t f=x&0x7fffff; return packv(evalS(kRcpRom,f>>16,kRcpGrid,7,f,v),-KS-e,v.om);}
static uint32_t rsqv(uint32_t x,const V& v){ int e=(int)((x>>23)&255)-127; int odd=e&1; uint32_t f=x&0x7fffff; return packv(evalS(kRsqRom,(odd<<7)|(f>>16),kRsqGrid,7,f,v),-KS-((e-odd)/2),v.om);}
struct Row{uint32_t x,y,g,s;};
int main(int argc,char**argv){
  std::vector<Row> rows; unsigned a,b,g; FILE*fp=fopen("/tmp/sfu/nn.txt","r"); while(fscanf(fp,"%x %x %x",&a,&b,&g)==3){
    uint32_t dy=nx::fadd(90u,b^0x80000000u,Rounding::Nearest), dx=nx::fadd(30u,a^0x80000000u,Rounding::Nearest);
    uint32_t s=nx::fmad(dx,dx,nx::fmul(dy,dy,Rounding::Nearest),Rounding::Nearest); rows.push_back({a,b,g,s});}
  auto score=[&](const V& vr,const V& vs){int c=0; for(auto&r:rows) c+= rcpv(rsqv(r.s,vs),vr)==r.g; return c;};
  V d; printf("base %d\n",score(d,d));
  // library check
  int lib=0; for(auto&r:rows) lib+= nx::rcp(nx::rsq(r.s))==r.g; printf("lib %d\n",lib);
  std::vector<V> vs;
  for(int om: {2,3}) for(int P: {0,27,28,29,30}) for(int sqk:{99,15,14,13,12}) for(int sqo:{0,2,4,6,8,10,12}) for(int off=-16;off<=16;off+=2) for(int sumP:{0,27,28}){
    if(sqk<99&&sqo) continue; V v{P,P,0,sqk,sumP,om,off,sqo}; vs.push_back(v);}
  printf("nvar %zu\n",vs.size());
  std::vector<std::pair<int,int>> br, bs;
  for(size_t i=0;i<vs.size();++i){ int c=score(vs[i],d); br.push_back({c,(int)i}); }
  std::sort(br.rbegin(),br.rend());
  for(int k=0;k<15;k++){auto&v=vs[br[k].second]; printf("RCP %d: om%d P1 %d P2 %d tz%d sqk %d sumP %d off %d sqo %d\n",br[k].first,v.om,v.P1,v.P2,v.tz,v.sqk,v.sumP,v.off,v.sqo);}
  for(size_t i=0;i<vs.size();++i){ int c=score(d,vs[i]); bs.push_back({c,(int)i}); }
  std::sort(bs.rbegin(),bs.rend());
  for(int k=0;k<15;k++){auto&v=vs[bs[k].second]; printf("RSQ %d: om%d P1 %d P2 %d tz%d sqk %d sumP %d off %d sqo %d\n",bs[k].first,v.om,v.P1,v.P2,v.tz,v.sqk,v.sumP,v.off,v.sqo);}
}
